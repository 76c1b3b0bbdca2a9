/**
 * A test's reader of a real event stream (GET /api/v1/events over HTTP, not app.inject, which
 * waits for an answer's end): it parses the SSE frames as they arrive and lets a test wait for one.
 */
export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseReader {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: number;
  /** Resolves with the first event (from the start) that matches, or fails after `ms`. */
  next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** The events that arrived within `ms` (to show that something did not). */
  settle(ms: number): Promise<SseEvent[]>;
  ended: Promise<void>;
  close(): void;
  /** The id of the last event that had one (what a client sends as Last-Event-ID). */
  lastId(): string | undefined;
}

export async function openEvents(
  base: string,
  token: string | null,
  options: { lastEventId?: string; accept?: string | null; headers?: Record<string, string> } = {},
): Promise<SseReader> {
  const controller = new AbortController();
  const headers: Record<string, string> = { ...options.headers };
  if (options.accept !== null) headers.accept = options.accept ?? 'text/event-stream';
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const res = await fetch(`${base}/api/v1/events`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const reader: SseReader = {
    status: res.status,
    headers: res.headers,
    events,
    comments: 0,
    next(match, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    async settle(ms) {
      await new Promise((r) => setTimeout(r, ms));
      return events;
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
    lastId: () => events.filter((e) => e.id).at(-1)?.id,
  };
  if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.text().catch(() => {});
    return reader;
  }
  const body = res.body.pipeThrough(new TextDecoderStream()).getReader();
  reader.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value: chunk, done } = await body.read();
        if (done) break;
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          if (block.startsWith(':')) {
            reader.comments++;
            continue;
          }
          const e: Partial<SseEvent> & { raw?: string } = {};
          for (const line of block.split('\n')) {
            const at = line.indexOf(': ');
            const [field, value] = at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 2)];
            if (field === 'id') e.id = value;
            else if (field === 'event') e.event = value;
            else if (field === 'data') e.data = JSON.parse(value);
          }
          if (e.event) {
            events.push(e as SseEvent);
            for (const w of [...waiters]) w();
          }
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return reader;
}
