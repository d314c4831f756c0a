/**
 * The pack size an order line was sold in (decision 0152), after the product's name: "Deglet Nour dates – 1 kg".
 * Nothing for a product's only, unnamed pack.
 */
export function SizeLabel({ label }: { label: string | null | undefined }) {
  if (!label) return null
  return (
    <span className="text-stone-700" data-testid="line-size">
      {' – '}
      <bdi>{label}</bdi>
    </span>
  )
}
