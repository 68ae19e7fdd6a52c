import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { InlineRun } from '../content/types';
import { asset } from '../lib/asset';
import { DialogButton } from './Dialog';
import { Icon, iconLabel } from './Icon';

/** True for links that stay inside the rebuilt site (React Router handles them). */
export function isRoute(href: string): boolean {
  return (
    href.startsWith('/') &&
    !href.startsWith('//') &&
    !href.includes('#') &&
    !/\.[a-z0-9]{2,5}$/i.test(href)
  );
}

/** A run's text with its marks (an icon for an icon run). */
function renderMarks(run: InlineRun, label?: string): ReactNode {
  if (run.icon) return <Icon name={run.icon} label={label} />;
  let node: ReactNode = run.text;
  if (run.code) node = <code>{node}</code>;
  if (run.em) node = <em>{node}</em>;
  if (run.strong) node = <strong>{node}</strong>;
  return node;
}

/**
 * Consecutive runs of one link ("<icon> Email us") or of one button as one group, so they become one; every
 * other run is a group of its own.
 */
export function groupRuns(runs: InlineRun[]): InlineRun[][] {
  const groups: InlineRun[][] = [];
  for (const run of runs) {
    const last = groups[groups.length - 1];
    const head = last?.[0];
    const sameLink = !!run.href && head?.href === run.href;
    const sameDialog = !!run.opens && head?.opens === run.opens;
    const sameButton =
      !run.href &&
      !head?.href &&
      !run.opens &&
      !head?.opens &&
      !!run.button &&
      head?.button === run.button;
    if (last && !run.br && !head?.br && (sameLink || sameDialog || sameButton)) last.push(run);
    else groups.push([run]);
  }
  return groups;
}

/** The class of a link the original showed as a button. */
export function buttonClass(runs: InlineRun[]): string | undefined {
  const button = runs.find((run) => run.button)?.button;
  return button === 'primary' ? 'btn' : button === 'secondary' ? 'btn btn-secondary' : undefined;
}

function renderGroup(runs: InlineRun[], index: number): ReactNode {
  const first = runs[0]!;
  if (first.br)
    return (
      <span key={index}>
        {' '}
        <br />
      </span>
    );
  const href = first.href;
  // An icon that is all its link says names the link; anywhere else it is decoration.
  const iconOnly = !!(href || first.opens) && runs.every((run) => run.icon || !run.text.trim());
  const inner = runs.map((run, i) => (
    <span key={i}>{renderMarks(run, iconOnly && run.icon ? iconLabel(run.icon) : undefined)}</span>
  ));
  // A dialog's trigger in the original: a button that opens it.
  if (first.opens)
    return (
      <DialogButton key={index} opens={first.opens} className={buttonClass(runs)}>
        {inner}
      </DialogButton>
    );
  // A button of the original that led nowhere (`href="#"`) still looks like one.
  if (!href)
    return (
      <span key={index} className={buttonClass(runs)}>
        {inner}
      </span>
    );
  const context = runs.find((run) => run.context)?.context;
  const content = (
    <>
      {inner}
      {context ? <span className="sr-only"> ({context})</span> : null}
    </>
  );
  const className = buttonClass(runs);
  return isRoute(href) ? (
    <Link key={index} to={href} className={className}>
      {content}
    </Link>
  ) : (
    <a key={index} href={asset(href)} className={className}>
      {content}
    </a>
  );
}

/** Renders a paragraph's runs: text with its marks, icons, links and buttons. */
export function InlineText({ runs }: { runs: InlineRun[] }) {
  return <>{groupRuns(runs).map(renderGroup)}</>;
}
