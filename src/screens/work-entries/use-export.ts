/**
 * The CSV export with progress: the server streams every matching row and says how
 * many in X-Total-Count before the first byte; while the body arrives, the lines received so far
 * are counted, so the bar shows rows of total. The finished text is handed to the browser as a
 * download.
 */
import { useCallback, useRef, useState } from 'react';
import type { ExportArchivedWorkEntriesParams, ExportWorkEntriesParams } from '../../api/gen/model';
import { exportArchivedWorkEntries, exportWorkEntries } from '../../api/gen/work-entries/work-entries.ts';
import { downloadCsv } from '../../components/common/download.ts';

export interface ExportProgress {
  rows: number;
  total: number | undefined;
}

function countLines(text: string, from: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export function useExport() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef(false);

  /** Exports the live entries, or with `archive` the archived ones (its own filters). */
  const run = useCallback(
    async (params: ExportWorkEntriesParams, archive?: ExportArchivedWorkEntriesParams): Promise<number> => {
      if (running.current) return 0;
      running.current = true;
      setProgress({ rows: 0, total: undefined });
      let lines = 0;
      let scanned = 0;
      let total: number | undefined;
      try {
        const fetchCsv = archive
          ? (options: Parameters<typeof exportArchivedWorkEntries>[1]) =>
              exportArchivedWorkEntries(archive, options)
          : (options: Parameters<typeof exportWorkEntries>[1]) => exportWorkEntries(params, options);
        const text = await fetchCsv({
          responseType: 'text',
          // A million rows take a while: no 10-second limit for this one call.
          timeout: 0,
          onDownloadProgress: (event) => {
            const xhr = (event.event as ProgressEvent | undefined)?.target as XMLHttpRequest | undefined;
            if (total === undefined) {
              const header = Number(xhr?.getResponseHeader?.('x-total-count'));
              if (Number.isFinite(header) && header >= 0) total = header;
            }
            const partial = typeof xhr?.responseText === 'string' ? xhr.responseText : '';
            lines += countLines(partial, scanned);
            scanned = partial.length;
            // The header line is not a row; a note with line breaks must not push past the total.
            const rows = Math.max(0, lines - 1);
            setProgress({ rows: total === undefined ? rows : Math.min(rows, total), total });
          },
        });
        const rows = Math.max(0, countLines(text, 0) - 1);
        const name = archive ? 'work-entries-archive' : 'work-entries';
        downloadCsv(text, `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
        return total ?? rows;
      } finally {
        running.current = false;
        setProgress(null);
      }
    },
    [],
  );

  return { progress, run };
}
