import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { ContactSection, mailer } from './contact-section.tsx'

beforeEach(() => setLanguage('en'))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('contact form (product.md §2.3, §5.9)', () => {
  it('requires name, email and message, in English and Arabic, and calls no server', async () => {
    const { calls } = mockFetch({})
    const open = vi.spyOn(mailer, 'open').mockImplementation(() => {})
    renderScreen(<ContactSection />)
    await userEvent.click(await screen.findByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
    await setLanguage('ar')
    expect(await screen.findByText('الاسم مطلوب')).toBeInTheDocument()
    expect(screen.getByText('الرسالة مطلوبة')).toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
    expect(calls).toEqual([])
  })

  it('opens the mail client to the contact email from settings with the message prefilled (phone optional)', async () => {
    mockFetch({})
    const open = vi.spyOn(mailer, 'open').mockImplementation(() => {})
    const u = userEvent.setup()
    renderScreen(<ContactSection />, '/', [], { settings: { contact_email: 'sales@golden-palm.ly' } })
    await screen.findByText('sales@golden-palm.ly')
    await u.type(await screen.findByLabelText(/^Name/), 'Sara')
    await u.type(screen.getByLabelText(/^Email/), 'sara@example.ly')
    await u.type(screen.getByLabelText(/^Message/), 'Do you sell 10 kg boxes?')
    await u.click(screen.getByRole('button', { name: 'Send message' }))
    expect(open).toHaveBeenCalledTimes(1)
    const url = new URL(open.mock.calls[0]![0])
    expect(url.protocol).toBe('mailto:')
    expect(url.pathname).toBe('sales@golden-palm.ly')
    expect(url.searchParams.get('subject')).toContain('Sara')
    expect(url.searchParams.get('body')).toContain('Do you sell 10 kg boxes?')
    expect(url.searchParams.get('body')).toContain('Email: sara@example.ly')
  })
})
