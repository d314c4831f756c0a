import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../auth/auth-provider.tsx'

// Placeholder top bar; the storefront issue builds the real one (links, cart badge, hamburger, language switch).
export function TopNav() {
  const { t, i18n } = useTranslation()
  const { isStaff, status, signOut } = useAuth()
  return (
    <header className="border-b border-sand-300 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-bold text-palm-800">
          <img src="/logo.svg" alt="" width={36} height={36} />
          {t('brand.name')}
        </Link>
        <nav className="flex flex-1 gap-3 text-sm">
          <Link to="/products">{t('nav.products')}</Link>
          <Link to="/cart">{t('nav.cart')}</Link>
          {isStaff ? <Link to="/dashboard">{t('nav.dashboard')}</Link> : null}
        </nav>
        <button type="button" onClick={() => void i18n.changeLanguage(i18n.language === 'ar' ? 'en' : 'ar')}>
          {t('nav.switch_to')}
        </button>
        {status === 'signed-in' ? (
          <button type="button" onClick={() => void signOut()}>
            {t('nav.logout')}
          </button>
        ) : (
          <Link to="/login">{t('nav.login')}</Link>
        )}
      </div>
    </header>
  )
}
