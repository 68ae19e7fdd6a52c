/** Loads the current address again from the server (a module of its own, so tests can replace it). */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * True when `error` is a failed load of a code chunk: the network dropped, or a new release replaced
 * the file the page still asks for. The router keeps such a failure for the route, so only loading
 * the page again (which also brings the new release's file names) gets past it.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
