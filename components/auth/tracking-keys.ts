export { TRACKING_KEYS } from '@/lib/shared/values/tracking';
