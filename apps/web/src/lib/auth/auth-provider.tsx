import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { isStaffRoleName } from '@shop/shared/constants'
import type { User } from '@shop/shared/schemas/auth'
import { useHydrated } from '../use-hydrated.ts'
import { getToken, readStorage, setToken, STORAGE_KEYS, writeStorage } from '../storage.ts'
import { announceSessionChange } from '../session-events.ts'
import { fetchMe, postLogout } from './session-api.ts'

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out'

interface AuthContextValue {
  status: AuthStatus
  user: User | null
  isStaff: boolean
  signIn(token: string, user: User): void
  signOut(): Promise<void>
  /** Forgets the session locally (after a 401 already removed the token). */
  clearSession(): void
  setUser(user: User): void
}

const AuthContext = createContext<AuthContextValue | null>(null)

function readSavedUser(): User | null {
  try {
    const raw = readStorage(STORAGE_KEYS.user)
    return raw ? (JSON.parse(raw) as User) : null
  } catch {
    return null
  }
}

/**
 * product.md §4.1 session: a stored token means signed in; on start the current user is fetched and a failure removes
 * the token.
 * The token lives in this browser only, so the server and the hydrating browser draw the session as still loading
 * (guest links in the bar, a spinner on protected screens); the saved user shows right after (lib/use-hydrated.ts).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  const [user, setUserState] = useState<User | null>(() => (getToken() ? readSavedUser() : null))
  const [status, setStatus] = useState<AuthStatus>(() => (getToken() ? 'loading' : 'signed-out'))

  useEffect(() => {
    if (!getToken()) return
    let cancelled = false
    fetchMe()
      .then((me) => {
        if (cancelled) return
        writeStorage(STORAGE_KEYS.user, JSON.stringify(me))
        setUserState(me)
        setStatus('signed-in')
      })
      .catch(() => {
        if (cancelled) return
        setToken(null)
        writeStorage(STORAGE_KEYS.user, null)
        setUserState(null)
        setStatus('signed-out')
      })
    return () => {
      cancelled = true
    }
  }, [])

  // Another tab signing out (or a 401 clearing the token) signs this tab out too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.token && !e.newValue) {
        setUserState(null)
        setStatus('signed-out')
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const signIn = useCallback((token: string, next: User) => {
    setToken(token)
    writeStorage(STORAGE_KEYS.user, JSON.stringify(next))
    announceSessionChange()
    setUserState(next)
    setStatus('signed-in')
  }, [])

  const clearSession = useCallback(() => {
    setToken(null)
    writeStorage(STORAGE_KEYS.user, null)
    announceSessionChange()
    setUserState(null)
    setStatus('signed-out')
  }, [])

  const signOut = useCallback(async () => {
    try {
      if (getToken()) await postLogout()
    } catch {
      // product.md §4.1: logout clears the session even if the server call fails.
    }
    clearSession()
  }, [clearSession])

  const setUser = useCallback((next: User) => {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(next))
    setUserState(next)
  }, [])

  const shownUser = hydrated ? user : null
  const shownStatus: AuthStatus = hydrated ? status : 'loading'
  const value = useMemo<AuthContextValue>(
    () => ({
      status: shownStatus,
      user: shownUser,
      isStaff: Boolean(shownUser && (shownUser.is_admin || isStaffRoleName(shownUser.roles?.[0]?.name))),
      signIn,
      signOut,
      clearSession,
      setUser,
    }),
    [shownStatus, shownUser, signIn, signOut, clearSession, setUser],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider')
  return ctx
}
