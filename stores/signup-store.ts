import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { SignupInput } from '@/lib/shared/schemas/auth';

export type Gender = SignupInput['gender'];

/** Steps 0 (gender) to 4 (password), then the complete step that asks to confirm the e-mail. */
export const SIGNUP_STEPS = [0, 1, 2, 3, 4] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number] | 'complete';

/** The signup form draft (spec §3) as it survives a reload: everything but the password. */
export interface SignupDraft {
  step: SignupStep;
  gender: Gender | null;
  name: string;
  email: string;
  /** `YYYY-MM-DD`; a part not chosen yet is empty (`2001--14`). */
  date_of_birth: string;
  signup_message: string;
  /** This signup's start is reported to the acquisition funnel already (once per attempt). */
  isStarted: boolean;
}

export interface SignupState extends SignupDraft {
  /** In memory only: never written to storage. */
  password: string;
  update: (patch: Partial<Omit<SignupDraft, 'step'>> & { password?: string }) => void;
  goTo: (step: SignupStep) => void;
  /** The account exists: only the address stays, to say where the confirmation mail went. */
  complete: () => void;
  reset: () => void;
}

/** sessionStorage key of the draft. */
export const SIGNUP_DRAFT_KEY = 'signup-draft';

const EMPTY_DRAFT: SignupDraft = {
  step: 0,
  gender: null,
  name: '',
  email: '',
  date_of_birth: '',
  signup_message: '',
  isStarted: false,
};

const isStep = (value: unknown): value is SignupStep =>
  value === 'complete' || SIGNUP_STEPS.some((step) => step === value);

/** Stored values are checked before use: anything unexpected falls back to the empty draft. */
function sanitiseDraft(stored: unknown): SignupDraft {
  if (!stored || typeof stored !== 'object') return EMPTY_DRAFT;
  const value = stored as Record<string, unknown>;
  const text = (key: keyof SignupDraft, max: number) => {
    const field = value[key];
    return typeof field === 'string' ? field.slice(0, max) : '';
  };
  return {
    step: isStep(value.step) ? value.step : 0,
    gender: value.gender === 'male' || value.gender === 'female' ? value.gender : null,
    name: text('name', 254),
    email: text('email', 254),
    date_of_birth: text('date_of_birth', 10),
    signup_message: text('signup_message', 1000),
    isStarted: value.isStarted === true,
  };
}

/**
 * A signup store, one per provider (never per module), kept in sessionStorage so moving between
 * steps or reloading keeps the draft. It is not read from storage until `persist.rehydrate()`.
 */
export function createSignupStore(storage: () => StateStorage = () => window.sessionStorage) {
  return createStore<SignupState>()(
    persist(
      (set) => ({
        ...EMPTY_DRAFT,
        password: '',
        update: (patch) => set(patch),
        goTo: (step) => set({ step }),
        complete: () =>
          set((state) => ({ ...EMPTY_DRAFT, email: state.email, password: '', step: 'complete' })),
        reset: () => set({ ...EMPTY_DRAFT, password: '' }),
      }),
      {
        name: SIGNUP_DRAFT_KEY,
        version: 1,
        storage: createJSONStorage(storage),
        skipHydration: true,
        partialize: (state): SignupDraft => ({
          step: state.step,
          gender: state.gender,
          name: state.name,
          email: state.email,
          date_of_birth: state.date_of_birth,
          signup_message: state.signup_message,
          isStarted: state.isStarted,
        }),
        merge: (stored, current) => ({ ...current, ...sanitiseDraft(stored) }),
      },
    ),
  );
}

export type SignupStore = ReturnType<typeof createSignupStore>;
