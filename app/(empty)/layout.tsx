import type { ReactNode } from 'react';
import { AppFrame } from '@/app/_frame/app-frame';
import { EmptyShell } from '@/components/layout/empty-shell';

export default function EmptyLayout(props: { children: ReactNode }) {
  return (
    <AppFrame>
      <EmptyShell>{props.children}</EmptyShell>
    </AppFrame>
  );
}
