/**
 * The hero's picture under the text: the owner's upload (decision 0125), else the drawn farm (public/hero.svg),
 * mirrored for right-to-left like the gradient over it.
 */
export function HeroArt({ imageId }: { imageId: string | null }) {
  return (
    <div
      aria-hidden="true"
      className={imageId ? 'absolute inset-0 -z-20' : 'absolute inset-0 -z-20 rtl:-scale-x-100'}
    >
      <img
        src={imageId ? `/api/images/${imageId}/large.webp` : '/hero.svg'}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="size-full object-cover"
      />
    </div>
  )
}
