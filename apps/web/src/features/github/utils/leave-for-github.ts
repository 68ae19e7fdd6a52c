/** Sends the browser to a GitHub page by a full load (a module of its own, so tests can replace it). */
export function leaveForGithub(url: string): void {
  window.location.assign(url);
}
