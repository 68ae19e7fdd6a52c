/**
 * Frameset expansion: the frames of a frameset are that page's content. They are read right after
 * it, all of them (a frameset without its main frame is an empty page; up to six, even past the
 * page limit), before the pages that follow it, which they leave fewer places to.
 */
import { mapWithConcurrency } from '../../lib/map-with-concurrency';
import type { CrawledPage, CrawlFrontier, CrawlResult } from './crawl-frontier';

/** Most frames of one frameset read with it (past the page limit if need be). */
export const MAX_FRAMES_PER_PAGE = 6;

/** How frames are read and kept: the crawl's frontier, reader and bookkeeping. */
export interface FrameReading {
  frontier: CrawlFrontier;
  /** Pages read at the same time. */
  concurrency: number;
  /** Reads one URL of the crawl at `depth`. */
  crawl(url: string, depth: number): Promise<CrawlResult>;
  /** Keeps a result (frontier.accept, logged): the page when it is a new one. */
  keep(result: CrawlResult): CrawledPage | undefined;
}

/** Reads the new frames of `pages` at `depth`, in their order; returns those kept. */
export async function readFrames(
  pages: CrawledPage[],
  depth: number,
  reading: FrameReading,
): Promise<CrawledPage[]> {
  const urls = reading.frontier.frames(pages, MAX_FRAMES_PER_PAGE);
  const results = await mapWithConcurrency(urls, reading.concurrency, (url) =>
    reading.crawl(url, depth),
  );
  return results.flatMap((result) => reading.keep(result) ?? []);
}
