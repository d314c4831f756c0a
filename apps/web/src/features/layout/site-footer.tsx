import { useTranslation } from 'react-i18next'

// Placeholder footer; the storefront issue builds the real one.
export function SiteFooter() {
  const { t } = useTranslation()
  return <footer className="bg-palm-900 px-4 py-6 text-center text-sm text-palm-100">© 2025 {t('brand.name')}</footer>
}
