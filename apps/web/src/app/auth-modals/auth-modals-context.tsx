import { createContext, type ReactNode, use, useMemo, useState } from 'react';

export type AuthModal = 'login' | 'register' | 'registerSuccess' | 'changePassword';

interface AuthModalsValue {
  current: AuthModal | null;
  open: (modal: AuthModal) => void;
  close: () => void;
}

const AuthModalsContext = createContext<AuthModalsValue | null>(null);

/** Which of the login, register and register-success pop-ups is open (one at a time). */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthModal | null>(null);
  const value = useMemo<AuthModalsValue>(
    () => ({ current, open: setCurrent, close: () => setCurrent(null) }),
    [current],
  );
  return <AuthModalsContext value={value}>{children}</AuthModalsContext>;
}

export function useAuthModals(): AuthModalsValue {
  const value = use(AuthModalsContext);
  if (!value) throw new Error('useAuthModals needs an AuthModalsProvider');
  return value;
}
