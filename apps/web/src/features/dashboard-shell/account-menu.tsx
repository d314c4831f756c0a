import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { ChevronsUpDown, Languages, LogOut, Settings, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useAuth } from '../../lib/auth/auth-provider.tsx'
import { cn } from '../../lib/cn.ts'
import { useSwitchLanguage } from '../../lib/use-switch-language.ts'

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-stone-800 outline-none select-none data-[highlighted]:bg-sand-200 [&_svg]:size-4 [&_svg]:text-stone-500'

/** product.md §2.13 account menu: the user's name or "my account", profile, settings, language and logout. */
export function AccountMenu({ collapsed }: { collapsed: boolean }) {
  const { t, i18n } = useTranslation('dashboard')
  const { next, switchLanguage } = useSwitchLanguage()
  const { user, signOut } = useAuth()
  const navigate = useNavigate()
  const name = user?.name?.trim() || t('account.my_account')
  const initial = name.slice(0, 1).toUpperCase()

  const logout = async () => {
    await signOut()
    void navigate('/login', { replace: true })
  }

  return (
    <DropdownMenu.Root dir={i18n.dir()}>
      <DropdownMenu.Trigger
        className={cn(
          'flex w-full items-center gap-3 rounded-[var(--radius-control)] p-2 text-start text-white/90 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white',
          collapsed && 'md:justify-center',
        )}
        aria-label={t('account.menu_label', { name })}
      >
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-honey-400 font-bold text-stone-900"
          aria-hidden="true"
        >
          {initial}
        </span>
        <span className={cn('min-w-0 flex-1', collapsed && 'md:hidden')}>
          <span className="block truncate text-sm font-semibold">{name}</span>
          {user?.email ? (
            <span className="block truncate text-xs text-white/70" dir="ltr">
              {user.email}
            </span>
          ) : null}
        </span>
        <ChevronsUpDown
          className={cn('size-4 shrink-0 text-white/60', collapsed && 'md:hidden')}
          aria-hidden="true"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
          className="z-50 min-w-56 rounded-[var(--radius-card)] border border-sand-300 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-stone-500">
            {name}
          </DropdownMenu.Label>
          {/* product.md §2.13: links to the profile and the settings (real links: open in a new tab works too). */}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard/profile">
              <UserRound aria-hidden="true" />
              {t('account.profile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard/settings">
              <Settings aria-hidden="true" />
              {t('nav.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void switchLanguage()}>
            <Languages aria-hidden="true" />
            <span lang={next}>{t('common:nav.switch_to')}</span>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-sand-300" />
          <DropdownMenu.Item
            className={cn(itemClass, 'text-red-700 [&_svg]:text-red-700')}
            onSelect={() => void logout()}
          >
            <LogOut aria-hidden="true" className="rtl:rotate-180" />
            {t('common:nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
