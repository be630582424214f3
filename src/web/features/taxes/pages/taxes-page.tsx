import { useId, useState, type FormEvent } from 'react';
import { formatCedis, pesewasToCedis } from '../../../../shared/money';
import type { TaxSettings } from '../../../../shared/schemas/tax.staff';
import { taxMessages as m } from '../../../../shared/staff-messages';
import {
  splitInclusive,
  TAX_LINES_MAX,
  TAX_NAME_MAX,
  taxLineLabel,
  type TaxLine,
} from '../../../../shared/tax';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { formatDateTime } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { errorMessage } from '../../../components/console/server-errors';
import { ErrorState, LoadingState } from '../../../components/console/states';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSaveTaxSettings, useTaxSettings } from '../api/taxes-api';
import './taxes.css';

/** A tax as the owner types it: the rate in percent, as text. */
interface Row {
  key: number;
  name: string;
  percent: string;
  on_levies: boolean;
}

/** '2.5' → 250 basis points; null for anything but 0.01 to 100 with at most 2 decimals. */
export function percentToBp(percent: string): number | null {
  const text = percent.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return bp >= 1 && bp <= 10_000 ? bp : null;
}

const bpToPercent = (bp: number) => String(bp / 100);

/** The all-in amount the preview splits, GH₵ 1,000.00: a round figure the owner can check. */
const PREVIEW_PESEWAS = 1_000_00;

function Preview({ lines }: { lines: TaxLine[] }) {
  const split = splitInclusive(PREVIEW_PESEWAS, lines);
  return (
    <section className="panel tax-preview" aria-labelledby="tax-preview-heading">
      <div className="panel-head">
        <h2 id="tax-preview-heading">On a receipt</h2>
      </div>
      <div className="panel-body">
        <p className="muted">
          Prices are all-in: of {formatCedis(pesewasToCedis(PREVIEW_PESEWAS))} charged, the receipt
          shows
        </p>
        <table className="tax-preview-table">
          <caption className="visually-hidden">
            How {formatCedis(pesewasToCedis(PREVIEW_PESEWAS))} splits into the value and each tax
          </caption>
          <tbody>
            <tr>
              <th scope="row">Taxable value</th>
              <td>{formatCedis(pesewasToCedis(split.taxablePesewas))}</td>
            </tr>
            {split.taxes.map((tax, i) => (
              <tr key={i}>
                <th scope="row">{taxLineLabel(tax)}</th>
                <td>{formatCedis(pesewasToCedis(tax.amountPesewas))}</td>
              </tr>
            ))}
            <tr className="tax-preview-total">
              <th scope="row">Total (taxes included)</th>
              <td>{formatCedis(pesewasToCedis(split.totalPesewas))}</td>
            </tr>
          </tbody>
        </table>
        {lines.length === 0 && (
          <p className="muted">No taxes: receipts show no tax line and no TIN.</p>
        )}
      </div>
    </section>
  );
}

let nextKey = 1;
const rowOf = (line?: TaxLine): Row => ({
  key: nextKey++,
  name: line?.name ?? '',
  percent: line ? bpToPercent(line.rate_bp) : '',
  on_levies: line?.on_levies ?? false,
});

function TaxesForm({ data }: { data: TaxSettings }) {
  const id = useId();
  const save = useSaveTaxSettings();
  const [tin, setTin] = useState(data.tin ?? '');
  const [rows, setRows] = useState<Row[]>(() => data.lines.map(rowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((now) => now.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const move = (i: number, by: -1 | 1) =>
    setRows((now) => {
      const next = [...now];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      return next;
    });
  // The preview follows the rows that read as taxes; a half-typed one waits.
  const valid = rows.flatMap((row) => {
    const bp = percentToBp(row.percent);
    return row.name.trim() && bp
      ? [{ name: row.name.trim(), rate_bp: bp, on_levies: row.on_levies }]
      : [];
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSaved(null);
    const local: Record<string, string> = {};
    rows.forEach((row, i) => {
      if (!row.name.trim()) local[`lines.${i}.name`] = m.nameRequired;
      if (percentToBp(row.percent) === null) local[`lines.${i}.rate_bp`] = m.rateInvalid;
    });
    setErrors(local);
    if (Object.keys(local).length) {
      setFailure('Please correct the highlighted fields.');
      return;
    }
    try {
      const result = await save.mutateAsync({
        tin: tin.trim() || null,
        lines: rows.map((row) => ({
          name: row.name.trim(),
          rate_bp: percentToBp(row.percent)!,
          on_levies: row.on_levies,
        })),
      });
      setTin(result.tin ?? '');
      setRows(result.lines.map(rowOf));
      setSaved(m.saved);
    } catch (error) {
      if (error instanceof ApiError)
        setErrors(
          Object.fromEntries(
            Object.entries(error.errors).flatMap(([field, list]) =>
              list[0] ? [[field, list[0]]] : [],
            ),
          ),
        );
      setFailure(errorMessage(error));
    }
  };

  const fieldId = (what: string) => `${id}-${what}`;
  return (
    <form
      className="taxes-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={save.isPending || undefined}
    >
      <section className="panel" aria-labelledby={fieldId('company')}>
        <div className="panel-head">
          <h2 id={fieldId('company')}>Company</h2>
        </div>
        <div className="panel-body">
          <div className="field">
            <label htmlFor={fieldId('tin')}>TIN (Taxpayer Identification Number)</label>
            <input
              id={fieldId('tin')}
              className="input taxes-tin"
              value={tin}
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. C0012345678"
              onChange={(e) => setTin(e.target.value)}
              aria-invalid={errors.tin ? true : undefined}
              aria-describedby={describedBy(fieldId('tin'), true, errors.tin)}
            />
            <FieldMessages
              id={fieldId('tin')}
              hint="As the Ghana Revenue Authority issued it (C0012345678), or the Ghana Card PIN. Printed beside the taxes on every receipt."
              error={errors.tin}
            />
          </div>
        </div>
      </section>

      <section className="panel" aria-labelledby={fieldId('taxes')}>
        <div className="panel-head">
          <h2 id={fieldId('taxes')}>Taxes charged</h2>
        </div>
        <div className="panel-body">
          <p className="muted taxes-note">
            In the order the receipt lists them. Prices stay as they are: the taxes are shown as
            part of them, never added on top.
          </p>
          {rows.length === 0 && (
            <p className="taxes-empty">No taxes yet: receipts show no tax line.</p>
          )}
          <ol className="taxes-rows">
            {rows.map((row, i) => {
              const at = (what: string) => fieldId(`${row.key}-${what}`);
              const nameError = errors[`lines.${i}.name`];
              const rateError = errors[`lines.${i}.rate_bp`];
              const label = row.name.trim() || `Tax ${i + 1}`;
              return (
                <li key={row.key} className="taxes-row">
                  <div className="field taxes-name">
                    <label htmlFor={at('name')}>Name</label>
                    <input
                      id={at('name')}
                      className="input"
                      value={row.name}
                      maxLength={TAX_NAME_MAX}
                      placeholder="e.g. VAT"
                      onChange={(e) => setRow(i, { name: e.target.value })}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={describedBy(at('name'), undefined, nameError)}
                    />
                    <FieldMessages id={at('name')} error={nameError} />
                  </div>
                  <div className="field taxes-rate">
                    <label htmlFor={at('rate')}>Rate (%)</label>
                    <input
                      id={at('rate')}
                      className="input"
                      inputMode="decimal"
                      value={row.percent}
                      placeholder="e.g. 2.5"
                      onChange={(e) => setRow(i, { percent: e.target.value })}
                      aria-invalid={rateError ? true : undefined}
                      aria-describedby={describedBy(at('rate'), undefined, rateError)}
                    />
                    <FieldMessages id={at('rate')} error={rateError} />
                  </div>
                  <label className="check taxes-levies">
                    <input
                      type="checkbox"
                      checked={row.on_levies}
                      onChange={(e) => setRow(i, { on_levies: e.target.checked })}
                    />
                    <span>On the value and the taxes above it</span>
                  </label>
                  <div className="taxes-row-actions">
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      disabled={i === 0}
                      aria-label={`Move ${label} up`}
                      onClick={() => move(i, -1)}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={`Remove ${label}`}
                      onClick={() => {
                        setRows((now) => now.filter((_, j) => j !== i));
                        setErrors({});
                      }}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
          {errors.lines && <p className="field-error field-error-line">{errors.lines}</p>}
          <button
            type="button"
            className="btn btn-outline"
            disabled={rows.length >= TAX_LINES_MAX}
            onClick={() => setRows((now) => [...now, rowOf()])}
          >
            Add a tax
          </button>
        </div>
      </section>

      <Preview lines={valid} />

      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      {saved && (
        <p className="alert alert-success" role="status">
          {saved}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
          {save.isPending ? 'Saving…' : 'Save taxes'}
        </button>
      </div>
    </form>
  );
}

/**
 * /admin/taxes (STAFF-45): the company's TIN and the taxes its receipts show (HAND-15), the
 * owner's alone. The rates are the owner's to enter: the site knows none of its own.
 */
export function TaxesPage() {
  usePageTitle('Taxes · Staff');
  const settings = useTaxSettings();
  return (
    <>
      <AdminPageHeader
        title="Taxes"
        lead={
          settings.data?.updated_at
            ? `The company’s TIN and the taxes its receipts show · last changed ${formatDateTime(settings.data.updated_at)}${settings.data.updated_by ? ` by ${settings.data.updated_by}` : ''}`
            : 'The company’s TIN and the taxes its receipts show'
        }
      />
      {settings.isPending ? (
        <LoadingState label="Loading taxes…" />
      ) : settings.isError ? (
        <ErrorState
          title="Couldn't load the taxes"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <TaxesForm data={settings.data} />
      )}
      <p className="muted taxes-foot">
        A change applies to cars returned from then on; a receipt already given keeps the taxes it
        was given with.
      </p>
    </>
  );
}
