import type { ReactNode } from 'react'

export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string
  eyebrow?: ReactNode
  title: ReactNode
  text?: ReactNode
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-bold tracking-wide text-date-600">{eyebrow}</p> : null}
      <h2 id={id} className="mt-1 text-3xl font-extrabold text-stone-900 sm:text-4xl">
        {title}
      </h2>
      <span className="mx-auto mt-3 block h-1 w-16 rounded-full bg-honey-400" aria-hidden="true" />
      {text ? <p className="mt-4 text-lg leading-relaxed text-stone-600">{text}</p> : null}
    </div>
  )
}
