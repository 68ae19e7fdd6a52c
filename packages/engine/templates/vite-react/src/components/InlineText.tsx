import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { InlineRun } from '../content/types';
import { asset } from '../lib/asset';

/** True for links that stay inside the rebuilt site (React Router handles them). */
export function isRoute(href: string): boolean {
  return (
    href.startsWith('/') &&
    !href.startsWith('//') &&
    !href.includes('#') &&
    !/\.[a-z0-9]{2,5}$/i.test(href)
  );
}

function renderRun(run: InlineRun, index: number): ReactNode {
  if (run.br)
    return (
      <span key={index}>
        {' '}
        <br />
      </span>
    );
  let node: ReactNode = run.text;
  if (run.code) node = <code>{node}</code>;
  if (run.em) node = <em>{node}</em>;
  if (run.strong) node = <strong>{node}</strong>;
  if (run.href) {
    const inner = run.context ? (
      <>
        {node}
        <span className="sr-only"> ({run.context})</span>
      </>
    ) : (
      node
    );
    node = isRoute(run.href) ? (
      <Link to={run.href}>{inner}</Link>
    ) : (
      <a href={asset(run.href)}>{inner}</a>
    );
  }
  return <span key={index}>{node}</span>;
}

/** Renders a paragraph's runs: text with its marks and links. */
export function InlineText({ runs }: { runs: InlineRun[] }) {
  return <>{runs.map(renderRun)}</>;
}
