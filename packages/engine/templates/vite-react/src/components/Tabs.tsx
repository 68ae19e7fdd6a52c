import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

/** One tab: its label and its panel's content; its id is the panel's id. */
export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs as the original had them, with the WAI-ARIA tabs pattern: arrow keys, Home and End move
 * between the tabs, and a link to a panel's id (#tab-3, as on the original) opens its tab. Inactive
 * panels are hidden, not removed, so the prerendered page and search engines keep all of their text.
 */
export function Tabs({ label, tabs }: { label: string; tabs: TabItem[] }) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const panelIds = tabs.map((tab) => tab.id).join(' ');

  useEffect(() => {
    const ids = panelIds.split(' ');
    function openFromHash() {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      const target = hash ? document.getElementById(hash) : null;
      if (!target) return;
      const index = ids.findIndex((panelId) => document.getElementById(panelId)?.contains(target));
      if (index < 0) return;
      setSelected(index);
      // The browser could not scroll to a hidden panel: once it shows, bring its tab into view (or
      // the element inside it that the link names).
      requestAnimationFrame(() => (ids.includes(hash) ? root.current : target)?.scrollIntoView());
    }
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [panelIds]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    let next: number;
    if (event.key === 'ArrowRight') next = selected === last ? 0 : selected + 1;
    else if (event.key === 'ArrowLeft') next = selected === 0 ? last : selected - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    event.preventDefault();
    setSelected(next);
    buttons.current[next]?.focus();
  }

  return (
    <div ref={root} className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={id + '-tab-' + index}
            aria-selected={index === selected}
            aria-controls={tab.id}
            tabIndex={index === selected ? 0 : -1}
            className="tab"
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          id={tab.id}
          role="tabpanel"
          aria-labelledby={id + '-tab-' + index}
          tabIndex={0}
          hidden={index !== selected}
          className="tab-panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
