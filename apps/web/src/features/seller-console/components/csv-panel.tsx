import { useRef, useState } from 'react';
import {
  CSV_COLUMNS,
  CSV_MAX_BYTES,
  parseCsv,
  parseCsvHeader,
  parseCsvRecord,
  type CsvRowError,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { downloadCsv, sendCsv } from '../api/products-api';
import { useT } from '../../../lib/i18n';

type Stage =
  | { kind: 'idle' }
  | { kind: 'checking'; label: string; percent: number }
  | { kind: 'checked'; total: number; created: number; updated: number; errors: CsvRowError[] }
  | { kind: 'importing'; percent: number }
  | { kind: 'imported'; created: number; updated: number };

const SHOWN_ERRORS = 100;
const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));

/** "line 12: ogPrice" -> {line 12, field ogPrice}: the server's keys for import errors. */
function errorsFromServer(errors: Record<string, string>): CsvRowError[] {
  return Object.entries(errors).map(([key, message]) => {
    const match = /^line (\d+): (.+)$/.exec(key);
    return { line: match ? Number(match[1]) : 0, field: match ? match[2]! : key, message };
  });
}

/** Bulk catalogue: check a CSV file row by row, import it all or nothing, export the products. */
export function CsvPanel({ onImported }: { onImported: () => void }) {
  const toast = useToast();
  const { t } = useT('seller');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [fileName, setFileName] = useState('');
  const csvText = useRef('');

  const check = async (file: File) => {
    setFileName(file.name);
    if (file.size > CSV_MAX_BYTES) {
      setStage({
        kind: 'checked',
        total: 0,
        created: 0,
        updated: 0,
        errors: [{ line: 1, field: 'file', message: t('csvTooLarge') }],
      });
      return;
    }
    setStage({ kind: 'checking', label: t('readingFile'), percent: 0 });
    const text = await file.text();
    csvText.current = text;
    // Checked here first, in slices so the page stays responsive and shows progress.
    const records = parseCsv(text);
    const header = parseCsvHeader(records[0]);
    const errors: CsvRowError[] = [];
    if (typeof header[0] !== 'string') errors.push(...(header as CsvRowError[]));
    else {
      const body = records.slice(1);
      for (let i = 0; i < body.length; i++) {
        const result = parseCsvRecord(header as string[], body[i]!);
        if (Array.isArray(result)) errors.push(...result);
        if (i % 250 === 249) {
          setStage({
            kind: 'checking',
            label: t('checkingRows'),
            percent: Math.round((100 * i) / body.length),
          });
          await nextFrame();
        }
      }
    }
    if (errors.length > 0) {
      setStage({ kind: 'checked', total: Math.max(0, records.length - 1), created: 0, updated: 0, errors });
      return;
    }
    // The server checks what only it knows (whose products the ids are) without storing anything.
    setStage({ kind: 'checking', label: t('checkingServer'), percent: 0 });
    try {
      const result = await sendCsv(text, true, (percent) =>
        setStage({ kind: 'checking', label: t('checkingServer'), percent }),
      );
      setStage({ kind: 'checked', ...result.data });
    } catch (error) {
      setStage({ kind: 'idle' });
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  const runImport = async () => {
    setStage({ kind: 'importing', percent: 0 });
    try {
      const result = await sendCsv(csvText.current, false, (percent) =>
        setStage({ kind: 'importing', percent }),
      );
      setStage({ kind: 'imported', created: result.data.created, updated: result.data.updated });
      toast.showSuccess(result.message);
      onImported();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) {
        setStage({
          kind: 'checked',
          total: 0,
          created: 0,
          updated: 0,
          errors: errorsFromServer(error.errors),
        });
      } else setStage({ kind: 'idle' });
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  const exportCsv = async () => {
    try {
      await downloadCsv();
      toast.showSuccess(t('csvDownloaded'));
    } catch {
      toast.showError(t('exportFailedRetry'));
    }
  };

  const checked = stage.kind === 'checked' ? stage : null;
  const rowsWithErrors = checked ? new Set(checked.errors.map((e) => e.line)).size : 0;

  return (
    <section className="card console__csv" aria-labelledby="csv-heading">
      <h2 id="csv-heading">{t('csvHeading')}</h2>
      <p>
        {t('csvIntroBefore')}
        <code>_id</code>
        {t('csvIntroAfter')}
      </p>
      <div className="console__csv-actions">
        <label className="console__file">
          <span>{t('chooseCsv')}</span>
          <input
            type="file"
            accept=".csv,text/csv"
            disabled={stage.kind === 'checking' || stage.kind === 'importing'}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void check(file);
              event.target.value = '';
            }}
          />
        </label>
        <Button variant="secondary" onClick={() => void exportCsv()}>
          {t('exportCsv')}
        </Button>
      </div>

      {stage.kind === 'checking' || stage.kind === 'importing' ? (
        <div role="status" aria-live="polite">
          <p>{stage.kind === 'importing' ? t('importing') : stage.label}</p>
          <progress max={100} value={stage.percent} aria-label={t('progress')}>
            {stage.percent}%
          </progress>
        </div>
      ) : null}

      {checked ? (
        <div className="console__csv-result" aria-live="polite">
          <p role="status">
            {t('csvRows', { file: fileName, count: checked.total })}
            {checked.errors.length === 0
              ? t('csvReady', { created: checked.created, updated: checked.updated })
              : t('csvRowsWithErrors', { count: rowsWithErrors })}
          </p>
          {checked.errors.length > 0 ? (
            <table className="console__errors">
              <caption>{t('rowsWithErrors')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('line')}</th>
                  <th scope="col">{t('column')}</th>
                  <th scope="col">{t('problem')}</th>
                </tr>
              </thead>
              <tbody>
                {checked.errors.slice(0, SHOWN_ERRORS).map((e) => (
                  <tr key={`${e.line}-${e.field}`}>
                    <td>{e.line}</td>
                    <td>{e.field}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <Button onClick={() => void runImport()}>{t('importRows', { count: checked.total })}</Button>
          )}
          {checked.errors.length > SHOWN_ERRORS ? (
            <p>{t('moreErrors', { count: checked.errors.length - SHOWN_ERRORS })}</p>
          ) : null}
        </div>
      ) : null}

      {stage.kind === 'imported' ? (
        <p role="status">{t('imported', { created: stage.created, updated: stage.updated })}</p>
      ) : null}

      <details className="console__columns">
        <summary>{t('csvColumns')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('column')}</th>
              <th scope="col">{t('meaning')}</th>
            </tr>
          </thead>
          <tbody>
            {CSV_COLUMNS.map(([name]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                </td>
                <td>{t(`csvColumn_${name}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
