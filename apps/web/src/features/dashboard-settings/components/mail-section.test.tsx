import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MailStatus, MailTestResult } from '@shop/shared/schemas/mail'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { SettingsScreen } from './settings-screen.tsx'

// Issue 39: the settings say whether mail works, and a test mail says what happened, never "sent" when it was not.

const status: MailStatus = {
  state: 'not_configured',
  last_error: null,
  last_error_at: null,
  last_sent_at: null,
  unsent: 3,
}
afterEach(() => vi.unstubAllGlobals())

function serve(result: MailTestResult) {
  return stubFetch((c) => {
    if (c.url === '/api/settings') return { body: { data: [] } }
    if (c.url === '/api/mail/status') return { body: status }
    if (c.url === '/api/mail/test' && c.method === 'POST') return { body: result }
    return undefined
  })
}

describe('settings: mail (issue 39)', { timeout: 20_000 }, () => {
  it('in English: not set up, and the test mail answers what happened', async () => {
    const message =
      'Mail is not set up (SMTP_URL), so no mail leaves the shop. Nothing was sent to me@palm.ly'
    const calls = serve({ outcome: 'not_configured', to: 'me@palm.ly', error: null, message })
    await renderDashboard(<SettingsScreen />, 'en')
    expect(await screen.findByTestId('mail-state')).toHaveTextContent('Mail is not set up')
    expect(screen.getByTestId('mail-state')).toHaveTextContent('3 mails not sent yet')
    await userEvent.click(screen.getByRole('button', { name: 'Send a test mail' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(calls.find((c) => c.url === '/api/mail/test')).toMatchObject({ method: 'POST', body: {} })
  })

  it('in Arabic: the mail server’s error is shown as it came', async () => {
    const message = 'لم يُرسل بريد التجربة إلى me@palm.ly. أجاب خادم البريد: 535 Authentication failed'
    serve({ outcome: 'failed', to: 'me@palm.ly', error: '535 Authentication failed', message })
    await renderDashboard(<SettingsScreen />, 'ar')
    expect(await screen.findByTestId('mail-state')).toHaveTextContent('البريد غير مُعدّ')
    await userEvent.click(screen.getByRole('button', { name: 'أرسل بريد تجربة' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
  })
})
