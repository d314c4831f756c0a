import { createLucideIcon } from 'lucide-react'

// Decision 0090: lucide is the shop's one icon set; since 1.0 it ships no brand marks, so the footer's two marks are
// drawn here as lucide icons (same stroke, size and props as every other icon).
export const FacebookIcon = createLucideIcon('facebook', [
  ['path', { d: 'M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z', key: 'f' }],
])

export const InstagramIcon = createLucideIcon('instagram', [
  ['rect', { x: '2', y: '2', width: '20', height: '20', rx: '5', key: 'frame' }],
  ['circle', { cx: '12', cy: '12', r: '4', key: 'lens' }],
  ['circle', { cx: '17.5', cy: '6.5', r: '0.8', fill: 'currentColor', key: 'flash' }],
])
