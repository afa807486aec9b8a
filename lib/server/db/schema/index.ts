// Every table of the app, for Drizzle (client, migrations); domain code may import its own file.
export * from './analytics';
export * from './chat';
export * from './auth';
export * from './complaints';
export * from './credits';
export * from './fictional-chats';
export * from './likes';
export * from './mail';
export * from './members';
export * from './notifications';
export * from './photos';
export * from './operators';
export * from './payments';
export * from './reference';
export * from './secrets';
export * from './security';
export * from './moderation';
