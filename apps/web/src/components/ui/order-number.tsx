/** An order as staff name it in lists: `#id` (as the overview's recent orders show it), the order number under it. */
export function OrderNumber({ id, number }: { id: number; number: string | null | undefined }) {
  return (
    <div className="whitespace-nowrap">
      <p className="font-semibold ltr-nums">{`#${id}`}</p>
      {number ? <p className="text-xs text-stone-500 ltr-nums">{number}</p> : null}
    </div>
  )
}
