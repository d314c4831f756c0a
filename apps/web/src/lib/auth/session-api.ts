import type { LoginResponse, User } from '@shop/shared/schemas/auth'
import { api } from '../api-client.ts'

export const authKeys = { me: ['auth', 'me'] as const, profile: ['auth', 'profile'] as const }

export const fetchMe = () => api<User>('/api/me')
export const postLogout = () => api<unknown>('/api/logout', { method: 'POST' })
export type { LoginResponse, User }
