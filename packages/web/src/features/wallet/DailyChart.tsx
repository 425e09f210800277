import { useId } from 'react';
import type { DailyTransactionsWire } from '@tessera/contract/wallet';
import { useT } from '../../shared/i18n';
import { formatCoins, toCents } from './money';
import styles from './DailyChart.module.css';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };

/**
 * Income and spending per day as paired bars, drawn by hand in SVG (no chart library for one small
 * chart). The picture is named by its totals; the same figures are in a table below for screen readers
 * and keyboard users, who cannot read bars.
 */
export function DailyChart({
  days,
  income,
  spending,
}: {
  days: DailyTransactionsWire[];
  income: string;
  spending: string;
}) {
  const t = useT();
  const tableId = useId();
  const values = days.map((day) => ({
    date: day.date,
    income: Math.abs(toCents(day.income) ?? 0),
    spending: Math.abs(toCents(day.spending) ?? 0),
  }));
  const max = Math.max(1, ...values.flatMap((day) => [day.income, day.spending]));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, values.length);
  const bar = Math.max(1, Math.min(10, slot / 2 - 1));
  const heightOf = (cents: number) => (cents / max) * plotHeight;
  const labelEvery = Math.ceil(values.length / 6);

  return (
    <figure className={styles.figure} data-testid="wallet-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.svg}
        role="img"
        aria-label={t('walletPage.chart.summary', {
          days: values.length,
          income: formatCoins(income),
          spending: formatCoins(spending),
        })}
        aria-describedby={tableId}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotHeight}
          y2={PAD.top + plotHeight}
          className={styles.axis}
        />
        {values.map((day, index) => {
          const x = PAD.left + index * slot + slot / 2;
          const base = PAD.top + plotHeight;
          return (
            <g key={day.date}>
              <rect
                x={x - bar}
                y={base - heightOf(day.income)}
                width={bar}
                height={heightOf(day.income)}
                className={styles.income}
              />
              <rect
                x={x}
                y={base - heightOf(day.spending)}
                width={bar}
                height={heightOf(day.spending)}
                className={styles.spending}
              />
              {index % labelEvery === 0 ? (
                <text x={x} y={HEIGHT - 6} textAnchor="middle" className={styles.label}>
                  {day.date.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.key}>
          <span className={`${styles.swatch} ${styles.income}`} aria-hidden="true" />
          {t('walletPage.chart.income')}
        </span>
        <span className={styles.key}>
          <span className={`${styles.swatch} ${styles.spending}`} aria-hidden="true" />
          {t('walletPage.chart.spending')}
        </span>
      </figcaption>
      <table id={tableId} className="visually-hidden">
        <caption>{t('walletPage.chart.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('walletPage.statement.date')}</th>
            <th scope="col">{t('walletPage.chart.income')}</th>
            <th scope="col">{t('walletPage.chart.spending')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{formatCoins(day.income)}</td>
              <td>{formatCoins(day.spending)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
