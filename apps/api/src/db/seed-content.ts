/**
 * The demo shop's storefront content (decision 0125), seeded by `seed.ts`. It lives in packages/shared since decision
 * 0232: the dashboard marks what of the owner's content is still the demo's.
 */
export { DEMO_CONTENT as seedContent } from '@shop/shared/demo-content'
