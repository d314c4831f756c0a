import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StorefrontContent } from '@shop/shared/schemas/content'
import { DEMO_CONTENT } from '@shop/shared/demo-content'
import { makeContent } from '../../../test/make-content.ts'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { ContentScreen } from './content-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

function stubShop(content: StorefrontContent) {
  return stubFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/content') return { body: content }
    if (c.method === 'GET' && c.url.startsWith('/api/products')) return { body: { data: [] } }
    if (c.method === 'PUT' && c.url === '/api/content') return { body: c.body }
    return undefined
  })
}
const sent = (calls: ReturnType<typeof stubShop>) =>
  calls.find((c) => c.method === 'PUT')?.body as StorefrontContent | undefined

/** Issue 39 item 7: the content screen's traps for a new owner (decisions 0231, 0232). */
describe('storefront content screen, the traps of a new owner', { timeout: 60_000 }, () => {
  it.each([
    [
      'en',
      'About text in Arabic',
      'About text in English',
      'The English still holds the earlier text',
      'Clear the English',
      'Save',
    ],
    [
      'ar',
      'نص التعريف بالعربية',
      'نص التعريف بالإنجليزية',
      'النص الإنجليزي ما زال النص السابق',
      'مسح الإنجليزية',
      'حفظ',
    ],
  ])(
    '%s: says plainly when only the Arabic was changed and the English still tells the demo farm’s story',
    async (lang, arName, enName, note, clear, save) => {
      const calls = stubShop(DEMO_CONTENT)
      await renderDashboard(<ContentScreen />, lang as 'ar' | 'en')
      const about = await screen.findByRole('region', { name: lang === 'en' ? 'About us' : 'من نحن' })
      const arabic = within(about).getByRole('textbox', { name: new RegExp(`^${arName}`) })
      const english = within(about).getByRole('textbox', { name: new RegExp(`^${enName}`) })
      expect(within(about).queryByText(new RegExp(note))).toBeNull()

      await userEvent.clear(arabic)
      await userEvent.type(arabic, 'مزرعتنا في سبها')
      // The note stands under the English field and is read with it.
      expect(english).toHaveAccessibleDescription(new RegExp(note))
      await userEvent.click(within(about).getByRole('button', { name: clear }))
      expect(english).toHaveValue('')
      expect(within(about).queryByText(new RegExp(note))).toBeNull()

      await userEvent.click(screen.getByRole('button', { name: save }))
      await vi.waitFor(() => expect(sent(calls)).toBeDefined())
      expect(sent(calls)!.about.text).toEqual({ ar: 'مزرعتنا في سبها', en: '' })
    },
  )

  it('says nothing once the English is updated too', async () => {
    stubShop(DEMO_CONTENT)
    await renderDashboard(<ContentScreen />, 'en')
    const hero = await screen.findByRole('region', { name: 'Top of the home page' })
    await userEvent.type(within(hero).getByRole('textbox', { name: /^Headline in Arabic/ }), ' جديدة')
    expect(within(hero).getByText(/The English still holds the earlier text/)).toBeInTheDocument()
    await userEvent.type(within(hero).getByRole('textbox', { name: /^Headline in English/ }), ' new')
    expect(within(hero).queryByText(/The English still holds the earlier text/)).toBeNull()
  })

  it.each(['ar', 'en'] as const)(
    '%s: every field is labelled by what it is: no two share a name',
    async (lang) => {
      stubShop(DEMO_CONTENT)
      await renderDashboard(<ContentScreen />, lang)
      await screen.findByRole('region', {
        name: lang === 'en' ? 'Top of the home page' : 'أعلى الصفحة الرئيسية',
      })
      // Rows of one list repeat their labels by design (each row is its own group); the page's single fields must not.
      const single = screen
        .getAllByRole('textbox')
        .filter((box) => !box.closest('[data-testid="content-row"]'))
        .map(
          (box) =>
            box.getAttribute('aria-label') ?? document.querySelector(`label[for="${box.id}"]`)?.textContent,
        )
      expect(single.length).toBeGreaterThan(10)
      expect(new Set(single).size).toBe(single.length)
      const titles = single.filter((name) => /title|عنوان/i.test(name ?? ''))
      expect(titles.length).toBeGreaterThan(4)
    },
  )

  it.each([
    ['en', 'Closed on these days', 'Hours', 'Write the hours in digits', 'Save'],
    ['ar', 'مغلق في هذه الأيام', 'الساعات', 'اكتب الساعات بالأرقام', 'حفظ'],
  ])(
    '%s: hours are digits or closed, never a word in one language',
    async (lang, closedName, hoursName, refusal, save) => {
      const calls = stubShop(
        makeContent({
          hours: [
            { days: { ar: 'السبت – الخميس', en: 'Saturday – Thursday' }, time: '8:00 – 20:00' },
            { days: { ar: 'الجمعة', en: 'Friday' }, time: 'مغلق' },
          ],
        }),
      )
      await renderDashboard(<ContentScreen />, lang as 'ar' | 'en')
      const closed = await screen.findAllByRole('checkbox', { name: closedName })
      // «مغلق» typed before is read as a closed day: no hours field for it.
      expect(closed.map((box) => (box as HTMLInputElement).checked)).toEqual([false, true])
      expect(screen.getAllByRole('textbox', { name: new RegExp(`^${hoursName}`) })).toHaveLength(1)

      const hours = screen.getByRole('textbox', { name: new RegExp(`^${hoursName}`) })
      await userEvent.clear(hours)
      await userEvent.type(hours, '8 صباحًا – 8 مساءً')
      await userEvent.click(screen.getByRole('button', { name: save }))
      expect(await screen.findByText(new RegExp(refusal))).toBeInTheDocument()
      expect(sent(calls)).toBeUndefined()

      await userEvent.clear(hours)
      await userEvent.type(hours, '8:00 – 22:00')
      await userEvent.click(closed[1]!)
      await userEvent.click(closed[1]!)
      await userEvent.click(screen.getByRole('button', { name: save }))
      await vi.waitFor(() => expect(sent(calls)).toBeDefined())
      expect(sent(calls)!.hours.map((h) => h.time)).toEqual(['8:00 – 22:00', ''])
    },
  )

  it.each([
    ['en', /still shows 2 of the demo farm’s items/, 'Demo', 'Remove the 2 demo items', 'Save'],
    [
      'ar',
      /ما زال في صفحتك عنصران من المزرعة التجريبية/,
      'من العرض التجريبي',
      'حذف العنصرين التجريبيين',
      'حفظ',
    ],
  ])(
    '%s: marks the demo farm’s certificate and figure and removes them in one go',
    async (lang, notice, mark, remove, save) => {
      // makeContent holds the demo's ISO 22000 badge and its "2018 — founded" figure, and items of the owner's own.
      const calls = stubShop(makeContent())
      await renderDashboard(<ContentScreen />, lang as 'ar' | 'en')
      expect(await screen.findByText(notice)).toBeInTheDocument()
      const badges = screen.getByRole('group', {
        name: lang === 'en' ? 'Certificates and badges' : 'الشهادات والشارات',
      })
      const rows = within(badges).getAllByRole('listitem')
      expect(within(rows[0]!).getByText(mark)).toBeInTheDocument()
      expect(within(rows[1]!).queryByText(mark)).toBeNull()

      await userEvent.click(screen.getByRole('button', { name: remove }))
      expect(screen.queryByText(notice)).toBeNull()
      expect(screen.queryByText(mark)).toBeNull()
      await userEvent.click(screen.getByRole('button', { name: save }))
      await vi.waitFor(() => expect(sent(calls)).toBeDefined())
      expect(sent(calls)!.quality.badges.map((b) => b.title.en)).toEqual(['Quality award'])
      expect(sent(calls)!.about.stats).toEqual([])
      expect(sent(calls)!.about.cards.map((c) => c.title.en)).toEqual(['Natural'])
    },
  )

  it('shows no demo notice for a shop whose content is its own', async () => {
    stubShop(
      makeContent({
        about: { ...makeContent().about, stats: [] },
        quality: { ...makeContent().quality, badges: [] },
      }),
    )
    await renderDashboard(<ContentScreen />, 'en')
    await screen.findByRole('region', { name: 'Top of the home page' })
    expect(screen.queryByText(/demo farm/)).toBeNull()
    expect(screen.queryByText('Demo')).toBeNull()
  })
})
