import type { ReactNode } from 'react';
import { EmptyShell } from '@/components/layout/empty-shell';

export default function EmptyLayout(props: { children: ReactNode }) {
  return <EmptyShell>{props.children}</EmptyShell>;
}
