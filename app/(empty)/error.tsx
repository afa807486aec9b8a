'use client';

// The error page of this layout (components/layout/error-view.tsx), inside its frame.
export { default } from '@/components/layout/error-view';
