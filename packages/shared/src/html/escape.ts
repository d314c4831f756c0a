const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * A value made safe to write into HTML text or a quoted attribute (decision 0066): the mails the API builds and the
 * invoice the dashboard prints carry a shopper's name, address and notes, which must never become markup. Null and
 * undefined write nothing.
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}
