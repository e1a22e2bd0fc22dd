/** @jsxImportSource hono/jsx */

// The desk's one chart (weekly reports, the quotations pipeline): an inline SVG of vertical bars,
// each bar stacked from its series' values, drawn on the server (no script). It is a picture of
// figures a table beside it holds: its title and description name it for a screen reader, and the
// description says where the figures are.

export type ChartSeries = { label: string; colour: string };
export type ChartBar = { label: string; values: readonly number[] };

export function BarChart({
  id,
  title,
  description,
  series,
  bars,
  format = (n) => String(n),
}: {
  /** Unique on the page: the title's and description's ids derive from it. */
  id: string;
  title: string;
  description: string;
  /** Bottom to top in each bar; named in a legend when there is more than one. */
  series: readonly ChartSeries[];
  bars: readonly ChartBar[];
  /** How the scale's top value is written. */
  format?: (n: number) => string;
}) {
  // Narrow enough that its words stay legible when a phone scales it down to the screen's width.
  const width = 480;
  const height = 180;
  const legend = series.length > 1 ? 22 : 0;
  const max = Math.max(0, ...bars.map((b) => b.values.reduce((sum, v) => sum + v, 0)));
  const scale = max > 0 ? max : 1;
  const slot = (width - 40) / Math.max(1, bars.length);
  // Every label, or every second, third… when they would run into each other (about 7 units a character).
  const every = Math.max(1, Math.ceil((Math.max(0, ...bars.map((b) => b.label.length)) * 7 + 6) / slot));
  return (
    <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${width} ${height + 34 + legend}`} width="100%" class="chart">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g transform={`translate(0 ${legend})`}>
        <line x1="30" y1={height} x2={width} y2={height} stroke="#374151" />
        <text x="0" y="12" font-size="13" fill="#111827">
          {format(max)}
        </text>
        {bars.map((bar, i) => {
          let y = height;
          return (
            <g>
              {bar.values.map((value, s) => {
                const h = (value / scale) * (height - 20);
                y -= h;
                return value > 0 ? <rect x={34 + i * slot} y={y} width={Math.max(2, slot - 6)} height={h} fill={series[s]?.colour ?? "#1d4ed8"} /> : null;
              })}
              {i % every === 0 ? (
                <text x={34 + i * slot} y={height + 18} font-size="13" fill="#111827">
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
      {legend
        ? series.map((s, i) => (
            <g>
              <rect x={34 + i * 170} y="2" width="12" height="12" fill={s.colour} />
              <text x={52 + i * 170} y="13" font-size="13" fill="#111827">
                {s.label}
              </text>
            </g>
          ))
        : null}
    </svg>
  );
}
