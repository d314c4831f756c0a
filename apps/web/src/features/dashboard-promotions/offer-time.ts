// Issue 29: an offer's start and end are entered as a date and time in the shop's time zone (the `timezone` setting)
// and sent as ISO instants with that zone's offset at that moment, whatever the browser's own zone.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The zone's offset from UTC at `at`, in minutes (Africa/Tripoli: +120). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at)
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour') % 24, n('minute'), n('second'))
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000)
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * `2026-03-30T00:00` read in `timeZone` → `2026-03-30T00:00:00+02:00`; '' → null; a malformed value → undefined.
 */
export function zonedToIso(local: string, timeZone: string): string | null | undefined {
  if (!local.trim()) return null
  const m = LOCAL.exec(local.trim())
  if (!m) return undefined
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number]
  const wall = Date.UTC(y, mo - 1, d, h, mi)
  // The offset at the wall time read as UTC, then at the instant it gives (right across a change of offset).
  let offset = zoneOffsetMinutes(new Date(wall), timeZone)
  const second = zoneOffsetMinutes(new Date(wall - offset * 60_000), timeZone)
  if (second !== offset) offset = second
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** An instant → the value of a `datetime-local` input in `timeZone` (`2026-03-30T00:00`); null → ''. */
export function isoToZoned(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return ''
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  const local = new Date(at.getTime() + zoneOffsetMinutes(at, timeZone) * 60_000)
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
}
