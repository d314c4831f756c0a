import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import i18n from '../../lib/i18n.ts'
import { ShowingLine } from './pagination.tsx'

afterEach(() => i18n.changeLanguage('en'))

// Issue 39 item 9: «6 نتيجة» is not Arabic; the count takes the noun's form Arabic gives it.
describe('the "showing X-Y of N results" line', () => {
  it.each([
    [1, 'عرض 1-1 من نتيجة واحدة'],
    [2, 'عرض 1-2 من نتيجتين'],
    [6, 'عرض 1-6 من 6 نتائج'],
    [10, 'عرض 1-10 من 10 نتائج'],
    [11, 'عرض 1-11 من 11 نتيجة'],
    [100, 'عرض 1-12 من 100 نتيجة'],
  ])('ar: %i', async (total, text) => {
    await i18n.changeLanguage('ar')
    render(<ShowingLine page={1} perPage={12} total={total} count={Math.min(total, 12)} />)
    expect(screen.getByText(text)).toBeInTheDocument()
  })

  it.each([
    [1, 'Showing 1-1 of 1 result'],
    [6, 'Showing 1-6 of 6 results'],
  ])('en: %i', async (total, text) => {
    await i18n.changeLanguage('en')
    render(<ShowingLine page={1} perPage={12} total={total} count={Math.min(total, 12)} />)
    expect(screen.getByText(text)).toBeInTheDocument()
  })
})
