import type { ReactNode } from 'react'

/** The frame every account screen shares: a centred white card under a title. */
export function AuthCard({
  title,
  subtitle,
  icon,
  children,
  footer,
}: {
  title: ReactNode
  subtitle?: ReactNode
  icon?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-4 py-10">
      <div className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-6 shadow-[var(--shadow-soft)] sm:p-8">
        <div className="mb-6 text-center">
          {icon ? (
            <div className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-full bg-palm-50 text-palm-700">
              {icon}
            </div>
          ) : null}
          <h1 className="text-2xl font-extrabold text-stone-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-stone-600">{subtitle}</p> : null}
        </div>
        {children}
      </div>
      {footer ? <div className="mt-5 text-center text-sm text-stone-600">{footer}</div> : null}
    </div>
  )
}
