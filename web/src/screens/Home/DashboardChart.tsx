import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Heading, VisuallyHidden } from '@primer/react';
import { texts } from '../../texts';
import { isEmptyChart, type ChartData } from './dashboardData';
import styles from './HomeScreen.module.css';

/** Brand and Primer colours the series take in turn (primary, secondary, a muted third). */
// SVG attributes take plain colours, not CSS variables.
const COLOURS = ['#16728c', '#fc884a', '#59636e'];

/**
 * One dashboard chart as a figure: a bar chart (stacked when it has several series) and, for screen readers,
 * the same numbers as a table.
 */
export function DashboardChart({ id, title, chart }: { id: string; title: string; chart: ChartData }) {
  const stacked = chart.series.length > 1;
  return (
    <figure className={styles.chart} aria-labelledby={id}>
      <Heading as="h3" id={id} className={styles.chartTitle}>
        {title}
      </Heading>
      {isEmptyChart(chart) ? (
        <p className={styles.muted}>{texts.dashboard.noData}</p>
      ) : (
        <>
          <div aria-hidden="true">
            <ResponsiveContainer width="100%" height={220}>
              {/* Hidden from assistive technology (the table below says the same), so not focusable either (WCAG 4.1.2). */}
              <BarChart accessibilityLayer={false} data={chart.rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="tick" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
                <Tooltip labelFormatter={(_, payload) => String(payload[0]?.payload?.label ?? '')} />
                {stacked && <Legend formatter={(value: string) => <span className={styles.legend}>{value}</span>} />}
                {chart.series.map((series, index) => (
                  <Bar
                    key={series.key}
                    dataKey={series.key}
                    name={series.label}
                    stackId={stacked ? 'stack' : undefined}
                    fill={COLOURS[index % COLOURS.length]}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <VisuallyHidden>
            <table aria-labelledby={id}>
              <thead>
                <tr>
                  <th scope="col">{title}</th>
                  {chart.series.map((series) => (
                    <th key={series.key} scope="col">
                      {series.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.rows.map((row) => (
                  <tr key={String(row.label)}>
                    <th scope="row">{row.label}</th>
                    {chart.series.map((series) => (
                      <td key={series.key}>{row[series.key]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </figure>
  );
}
