import {
  Award,
  BadgeCheck,
  Droplet,
  HeartHandshake,
  Heart,
  Leaf,
  Microscope,
  Package,
  ShieldCheck,
  Sprout,
  Star,
  Sun,
  ThermometerSnowflake,
  Truck,
  type LucideIcon,
} from 'lucide-react'
import type { ContentIcon } from '@shop/shared/storefront-content'

/** The pictures the owner picks for a card, a practice or a badge (decision 0125). */
export const CONTENT_ICON_COMPONENTS: Record<ContentIcon, LucideIcon> = {
  leaf: Leaf,
  sprout: Sprout,
  truck: Truck,
  handshake: HeartHandshake,
  sun: Sun,
  snowflake: ThermometerSnowflake,
  microscope: Microscope,
  shield: ShieldCheck,
  badge: BadgeCheck,
  droplet: Droplet,
  award: Award,
  star: Star,
  heart: Heart,
  package: Package,
}
