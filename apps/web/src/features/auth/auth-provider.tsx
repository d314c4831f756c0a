import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { isStaffRoleName } from '@shop/shared/constants'
import type { User } from '@shop/shared/schemas/auth'
import { useHydrated } from '../../lib/hydration.ts'
import { getToken, readStorage, setToken, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts'
import { fetchMe, postLogout } from './api/session.ts'

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
 * SPEC §4 session: a stored token means signed in; on start the current user is fetched and a failure removes the token.
 * A page the server rendered shows a guest until it is hydrated (the token lives in this browser only), then the
 * saved user (lib/hydration.ts).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
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

  const signIn = useCallback(
    (token: string, next: User) => {
      setToken(token)
      writeStorage(STORAGE_KEYS.user, JSON.stringify(next))
      queryClient.clear()
      setUserState(next)
      setStatus('signed-in')
    },
    [queryClient],
  )

  const clearSession = useCallback(() => {
    setToken(null)
    writeStorage(STORAGE_KEYS.user, null)
    queryClient.clear()
    setUserState(null)
    setStatus('signed-out')
  }, [queryClient])

  const signOut = useCallback(async () => {
    try {
      if (getToken()) await postLogout()
    } catch {
      // SPEC §4: logout clears the session even if the server call fails.
    }
    clearSession()
  }, [clearSession])

  const setUser = useCallback((next: User) => {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(next))
    setUserState(next)
  }, [])

  const shownUser = hydrated ? user : null
  const shownStatus: AuthStatus = hydrated ? status : 'signed-out'
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
