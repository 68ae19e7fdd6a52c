import { useEffect, useRef } from 'react';
import { openEventStream } from '../lib/event-stream';
import type { StreamEvent } from '../lib/event-stream';

/**
 * Follows a server-sent-events stream while mounted. `onEvent` may change between renders; `onOpen`
 * is told whether this is a reconnect (events may have been missed).
 */
export function useEventStream(
  path: string,
  handlers: { onEvent: (event: StreamEvent) => void; onOpen?: (isReconnect: boolean) => void },
  enabled = true,
): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    let opened = 0;
    const handle = openEventStream(path, {
      onEvent: (event) => handlersRef.current.onEvent(event),
      onOpen: () => {
        handlersRef.current.onOpen?.(opened > 0);
        opened += 1;
      },
    });
    return () => handle.close();
  }, [path, enabled]);
}
