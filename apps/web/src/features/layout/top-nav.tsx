import { KeyRound, LayoutDashboard, LogOut, Menu, ShoppingCart, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Link, NavLink } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { useAuth } from '../../lib/auth/auth-provider.tsx'
import { useCart } from '../../lib/cart/cart-provider.tsx'
import { logoOf, useShopIdentity } from '../../lib/shop-content.ts'
import { HeaderSearch } from './header-search.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { useShopBrand } from '../../lib/shop-settings.ts'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex items-center gap-1.5 rounded-[var(--radius-control)] px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors md:max-lg:px-2',
    isActive ? 'bg-palm-50 text-palm-800' : 'text-stone-700 hover:bg-sand-200 hover:text-stone-900',
  )

function CartBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span
      data-testid="cart-badge"
      className="ltr-nums inline-flex min-w-5 items-center justify-center rounded-full bg-honey-500 px-1.5 text-xs font-bold text-stone-900"
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}

/** product.md §2.2 top navigation bar (768 px breakpoint: hamburger panel below it). */
export function TopNav() {
  const { t } = useTranslation()
  const shopName = useShopBrand().name
  const { status, isStaff, signOut } = useAuth()
  const { itemCount } = useCart()
  const identity = useShopIdentity()
  const [open, setOpen] = useState(false)
  const location = useLocation()
  const navigate = useNavigate()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const signedIn = status === 'signed-in'

  // product.md §2.2: the mobile menu closes on route change.
  useEffect(() => setOpen(false), [location.pathname, location.search, location.hash])

  useEffect(() => {
    if (!open) return
    panelRef.current?.querySelector<HTMLElement>('a,button')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        toggleRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const logout = async () => {
    setOpen(false)
    await signOut()
    navigate('/')
  }

  const cartLabel =
    itemCount > 0 ? `${t('nav.cart')} (${t('nav.cart_items', { count: itemCount })})` : t('nav.cart')

  const links = (
    <>
      <NavLink to="/products" className={linkClass}>
        {t('nav.products')}
      </NavLink>
      <NavLink to="/cart" className={linkClass} aria-label={cartLabel}>
        <ShoppingCart className="size-4" />
        {t('nav.cart')}
        <CartBadge count={itemCount} />
      </NavLink>
      <NavLink to="/my-orders" className={linkClass}>
        {t('nav.my_orders')}
      </NavLink>
      {isStaff ? (
        <NavLink to="/dashboard" className={linkClass}>
          <LayoutDashboard className="size-4" />
          {t('nav.dashboard')}
        </NavLink>
      ) : null}
    </>
  )

  // Issue 26: a signed-in shopper can change their password from the account links (staff also from the dashboard).
  const account = signedIn ? (
    <>
      <NavLink to="/change-password" className={linkClass} title={t('nav.change_password')}>
        <KeyRound className="size-4" aria-hidden="true" />
        <span className="md:max-lg:sr-only">{t('nav.change_password')}</span>
      </NavLink>
      <button type="button" onClick={() => void logout()} className={linkClass({ isActive: false })}>
        <LogOut className="size-4 rtl:rotate-180" />
        {t('nav.logout')}
      </button>
    </>
  ) : (
    <>
      <NavLink to="/login" className={linkClass}>
        {t('nav.login')}
      </NavLink>
      <NavLink
        to="/register"
        className={({ isActive }) =>
          clsx(
            'inline-flex items-center rounded-[var(--radius-control)] px-3 py-2 text-sm font-semibold',
            isActive ? 'bg-palm-800 text-white' : 'bg-palm-700 text-white hover:bg-palm-800',
          )
        }
      >
        {t('nav.register')}
      </NavLink>
    </>
  )

  return (
    // A backdrop-filter makes the header the containing block of fixed children, which would shrink the
    // menu's full-screen backdrop (product.md §2.2) to nothing; so the blur is off while the menu is open.
    <header
      className={clsx(
        'sticky top-0 z-30 border-b border-sand-300',
        open ? 'bg-white' : 'bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85',
      )}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-palm-700 focus:px-4 focus:py-2 focus:text-white"
      >
        {t('nav.skip_to_content')}
      </a>
      {/* Below 1024 px the search box wraps to a row of its own under the bar; from 1024 px it sits in the bar. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 lg:h-16 lg:flex-nowrap lg:py-0">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-extrabold text-palm-800">
          <img
            src={logoOf(identity).image}
            alt=""
            width={40}
            height={40}
            className="size-10 object-contain"
          />
          {/* 768–1023 px: the full bar (up to four links, language, account) needs the brand's width; the logo stays. */}
          <span className="text-base leading-tight sm:text-lg md:max-lg:sr-only">{shopName}</span>
        </Link>

        <nav
          aria-label={t('nav.menu')}
          className="ms-4 hidden flex-1 items-center gap-1 md:flex md:max-lg:ms-1"
        >
          {links}
        </nav>
        <HeaderSearch className="order-last basis-full lg:order-none lg:max-w-xs lg:flex-1 lg:basis-auto" />
        <div className="hidden items-center gap-1 md:flex">
          <LanguageSwitch />
          {account}
        </div>

        <div className="ms-auto flex items-center gap-1 md:hidden">
          <Link
            to="/cart"
            className="relative inline-flex size-10 items-center justify-center rounded-[var(--radius-control)] text-stone-700 hover:bg-sand-200"
            aria-label={cartLabel}
          >
            <ShoppingCart className="size-5" />
            {itemCount > 0 ? (
              <span className="absolute -end-0.5 -top-0.5">
                <CartBadge count={itemCount} />
              </span>
            ) : null}
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-[var(--radius-control)] text-stone-800 hover:bg-sand-200"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('nav.close_menu') : t('nav.open_menu')}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="size-6" /> : <Menu className="size-6" />}
          </button>
        </div>
      </div>

      {open ? (
        <div className="md:hidden">
          <button
            type="button"
            aria-label={t('nav.close_menu')}
            data-testid="menu-backdrop"
            className="fixed inset-0 top-16 z-30 bg-stone-900/40"
            onClick={() => setOpen(false)}
            tabIndex={-1}
          />
          <div
            ref={panelRef}
            id="mobile-menu"
            className="absolute inset-x-0 top-16 z-40 border-b border-sand-300 bg-white px-4 pt-2 pb-4 shadow-lg"
          >
            <nav aria-label={t('nav.menu')} className="flex flex-col gap-1 [&>a]:py-3 [&>a]:text-base">
              {links}
            </nav>
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-sand-300 pt-3">
              {account}
              <LanguageSwitch className="ms-auto" />
            </div>
          </div>
        </div>
      ) : null}
    </header>
  )
}
