import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';

// Only the parts the two charts use, so the bundle carries no others.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Filler,
);

const hoursAxis = { beginAtZero: true, title: { display: true, text: 'Hours' } };

/**
 * A chart drawn on a canvas. Canvas is not read by screen readers: the label says what it shows and the
 * same numbers are in a table beside it.
 */
function ChartCanvas({ label, config }: { label: string; config: ChartConfiguration }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div class="chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

export function RatingBarChart({ labels, minutes }: { labels: string[]; minutes: number[] }) {
  const config: ChartConfiguration = {
    type: 'bar',
    data: {
      labels,
      datasets: [{ label: 'Hours', data: minutes.map((m) => m / 60), backgroundColor: '#1d4ed8' }],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      indexAxis: labels.length > 6 ? 'y' : 'x',
      scales: labels.length > 6 ? { x: hoursAxis } : { y: hoursAxis },
    },
  };
  return (
    <ChartCanvas
      label="Bar chart of hours per rating; the numbers are in the table Time by rating"
      config={config}
    />
  );
}

export function CumulativeLineChart({ months, minutes }: { months: string[]; minutes: number[] }) {
  const config: ChartConfiguration = {
    type: 'line',
    data: {
      labels: months,
      datasets: [
        {
          label: 'Cumulative hours',
          data: minutes.map((m) => m / 60),
          borderColor: '#047857',
          backgroundColor: 'rgba(4, 120, 87, 0.15)',
          fill: true,
          pointRadius: 0,
        },
      ],
    },
    options: { animation: false, maintainAspectRatio: false, scales: { y: hoursAxis } },
  };
  return (
    <ChartCanvas
      label="Line chart of cumulative flight time by month; the numbers are in the table Flight time by month"
      config={config}
    />
  );
}
