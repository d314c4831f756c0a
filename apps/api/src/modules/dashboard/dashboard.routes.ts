import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  DashboardRangeQuery,
  DashboardStats,
  DashboardStatsQuery,
  RevenueResponse,
} from '@shop/shared/schemas/dashboard'
import type { DashboardStats as Stats, RevenueResponse as Revenue } from '@shop/shared/schemas/dashboard'
import { hasPermission } from '../../plugins/auth.ts'
import { createDashboardCache } from './dashboard-cache.ts'
import { dailyRevenue, dashboardStats } from './dashboard.service.ts'

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const statsCache = createDashboardCache<Stats>()
  const revenueCache = createDashboardCache<Revenue>()

  app.get(
    '/dashboard/stats',
    {
      config: { access: 'stats.view' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Completed orders of a range: revenue, discounts, collected, profit (with costs.view), orders, customers, top products (and packs with by=variant), low stock and recent orders for a range',
        security: [{ bearer: [] }],
        querystring: DashboardStatsQuery,
        response: { 200: DashboardStats },
      },
    },
    // The product names follow the reader's language: one cached answer per language.
    async (request) => {
      const stats = await statsCache.get(app.db, `${request.lang} ${JSON.stringify(request.query)}`, () =>
        dashboardStats(app.db, request.query, request.lang),
      )
      // Decision 0216: one cached answer for every reader; profit leaves it only for staff with costs.view.
      if (hasPermission(request.user, 'costs.view')) return stats
      const { total_profit: _profit, ...withoutProfit } = stats
      return withoutProfit
    },
  )

  app.get(
    '/dashboard/revenue',
    {
      config: { access: 'stats.view' },
      schema: {
        tags: ['dashboard'],
        summary: 'Completed sales per day of the range up to today (0 on past days without sales)',
        security: [{ bearer: [] }],
        querystring: DashboardRangeQuery,
        response: { 200: RevenueResponse },
      },
    },
    // Decision 0229: the chart stops at today, so the hour is part of the key (a new day draws one more point).
    async (request) =>
      revenueCache.get(
        app.db,
        `${new Date().toISOString().slice(0, 13)} ${JSON.stringify(request.query)}`,
        () => dailyRevenue(app.db, request.query),
      ),
  )
}
