import type { ReactNode } from 'react';
import { AppFrame } from '@/app/_frame/app-frame';
import { DefaultShell } from '@/components/layout/default-shell';

export default function DefaultLayout(props: { children: ReactNode }) {
  return (
    <AppFrame>
      <DefaultShell>{props.children}</DefaultShell>
    </AppFrame>
  );
}
