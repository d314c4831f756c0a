/** The hero's art (public/hero.svg), drawn under the text; mirrored for right-to-left like the gradient over it. */
export function HeroArt() {
  return (
    <div aria-hidden="true" className="absolute inset-0 -z-20 rtl:-scale-x-100">
      <img
        src="/hero.svg"
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="size-full object-cover"
      />
    </div>
  )
}
