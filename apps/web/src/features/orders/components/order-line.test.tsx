import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { OrderLine } from './order-line.tsx'

afterEach(() => vi.unstubAllGlobals())

describe.each([
  ['ar', 'جملة', 'للقطعة'],
  ['en', 'Wholesale', 'each'],
] as const)('one order line on my orders, tracking and the confirmation (%s)', (lang, wholesale, each) => {
  it('shows the name and size, the quantity, the wholesale badge and the total; the unit price where asked', async () => {
    await setLanguage(lang)
    mockFetch({})
    renderScreen(
      <ul>
        <OrderLine name="تمر دقلة" variantLabel="5 كغ" quantity={3} wholesale unitPrice={10} lineTotal={30} />
        <OrderLine name="Honey" gone quantity={1} lineTotal={45} />
      </ul>,
    )
    const [first, second] = screen.getAllByTestId('order-line')
    expect(first!.textContent).toContain('تمر دقلة – 5 كغ')
    expect(first!.textContent).toMatch(/×\s*3/)
    expect(first!.textContent).toContain(wholesale)
    expect(first!.textContent).toContain(each)
    expect(second!.textContent).not.toContain(wholesale)
    expect(second!.textContent).not.toContain(each)
    // A product that is gone keeps its name, shown muted.
    expect(screen.getByText('Honey').className).toContain('italic')
  })
})
