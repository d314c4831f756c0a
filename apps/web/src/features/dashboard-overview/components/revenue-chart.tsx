import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from 'chart.js'
import { Line } from 'react-chartjs-2'
import { useTranslation } from 'react-i18next'
import { useFormatMoney } from '../../../lib/shop-settings.ts'

// Register only what the line chart uses (keeps the lazy overview chunk small).
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend, Filler)

const PALM = '#1f5130'

/** product.md §2.15 revenue overview: legend on top, tooltip "Revenue: {amount}", money ticks, tension 0.1. */
export function RevenueChart({ points }: { points: { date: string; amount: number }[] }) {
  const { t, i18n } = useTranslation('dashboard')
  const formatMoney = useFormatMoney()
  const rtl = i18n.dir() === 'rtl'
  const label = t('overview.revenue')
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    locale: 'en',
    plugins: {
      legend: { position: 'top', rtl, labels: { font: { family: 'Cairo Variable' } } },
      tooltip: {
        rtl,
        callbacks: { label: (ctx) => t('overview.tooltip', { amount: formatMoney(ctx.parsed.y) }) },
      },
    },
    scales: {
      x: { reverse: rtl, grid: { display: false } },
      y: { beginAtZero: true, position: rtl ? 'right' : 'left', ticks: { callback: (v) => formatMoney(v) } },
    },
  }
  const data = {
    labels: points.map((p) => p.date.slice(5)),
    datasets: [
      {
        label,
        data: points.map((p) => p.amount),
        borderColor: PALM,
        backgroundColor: 'rgba(31, 81, 48, 0.12)',
        pointBackgroundColor: PALM,
        fill: true,
        tension: 0.1,
      },
    ],
  }
  return (
    // react-chartjs-2 gives the canvas role="img"; the name goes on that canvas (axe: role-img-alt).
    <div className="h-72">
      <Line options={options} data={data} aria-label={t('overview.chart_label')} />
    </div>
  )
}
