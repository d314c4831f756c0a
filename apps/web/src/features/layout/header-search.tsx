import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { SearchCombobox } from '../../components/search/search-combobox.tsx'

const resultsOf = (query: string) => (query ? `/products?search=${encodeURIComponent(query)}` : '/products')

/**
 * The header's search (decision 0140): suggestions as you type; Enter opens the full results on the products page.
 * Server-rendered as a plain GET form to /products, so it searches before (and without) JavaScript too.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  return (
    <form
      role="search"
      action="/products"
      method="get"
      className={className}
      onSubmit={(e) => {
        e.preventDefault()
        navigate(resultsOf(value.trim()))
      }}
    >
      <SearchCombobox
        name="search"
        data-testid="header-search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={value}
        onValueChange={setValue}
        onEnter={(q) => navigate(resultsOf(q))}
        onPick={(pick) => {
          if ('href' in pick) navigate(pick.href)
          else {
            setValue(pick.search)
            navigate(resultsOf(pick.search))
          }
        }}
      />
    </form>
  )
}
