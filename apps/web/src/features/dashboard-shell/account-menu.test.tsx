import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AccountMenu } from './account-menu.tsx'
import { renderDashboard, stubFetch } from '../../test/render-dashboard.tsx'

afterEach(() => vi.unstubAllGlobals())

describe('dashboard account menu (product.md §2.13)', () => {
  it('links to the profile and the settings', async () => {
    stubFetch(() => undefined)
    await renderDashboard(<AccountMenu collapsed={false} />, 'en')
    // Signed in as the test owner (render-dashboard.tsx): the menu is named after them.
    await userEvent.click(screen.getByRole('button', { name: /Owner/ }))
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    )
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings')
  })
})
