import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

/** The web app's feature folders (src/web/features/<name>/), read from the tree. */
const webFeatures = readdirSync(join(import.meta.dirname, 'src/web/features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app routes with its own router (src/web/lib/router, docs/decisions/024-own-router.md):
 * React Router would put 11 KiB (gzip) back on every page (PAGE-18).
 */
const ownRouter = {
  name: 'react-router',
  message: "Import Link, useNavigate… from src/web/lib/router (the site's own router).",
};

/** Server code never imports the web app. */
const noWeb = { group: ['**/web/**'] };

/**
 * The staff console's module (src/server/modules/admin/) holds only the console's own
 * (dashboard, customers); every domain module keeps its staff routes beside its renter routes.
 * The arrow points from the console to the domains, never back.
 */
const noAdmin = {
  regex: '^(?:\\.\\./)+(?:modules/)?admin(?:/|$)',
  message:
    "A module may not import the staff console's (modules/admin/): move what both need into the domain's own module, or src/server/staff-api/ if every staff route shares it.",
};

/**
 * A feature may use shared code (src/web/components, lib, config, src/shared) and itself, not
 * another feature's insides nor the pages (src/web/app) that compose features: a relative
 * import that climbs out of the feature into a sibling feature's folder or into app/ fails.
 * What two features both need moves to components/ or lib/.
 */
/**
 * Shared web code sits below the features: components/ (shared UI) may use lib/, config/ and
 * src/shared but never a feature or the pages; lib/ (API client, session, storage, router) may
 * use config/ and src/shared but neither components/ nor a feature nor the pages. What a
 * shared piece needs from a feature moves down into lib/ (as lib/car-list.ts did).
 */
const intoFeatures = {
  regex: '^(?:\\.\\./)+features(?:/|$)',
  message: 'Shared web code (components/, lib/) may not import a feature: move the piece down.',
};
const intoApp = {
  regex: '^(?:\\.\\./)+app(?:/|$)',
  message: 'Shared web code (components/, lib/) may not import the pages (src/web/app).',
};
const intoComponents = {
  regex: '^(?:\\.\\./)+components(?:/|$)',
  message: 'lib/ may not import components/: shared UI builds on lib, not the other way round.',
};
const webZones = [
  {
    files: ['src/web/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [ownRouter], patterns: [{ group: ['**/server/**'] }, intoFeatures, intoApp] },
      ],
    },
  },
  {
    files: ['src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ownRouter],
          patterns: [{ group: ['**/server/**'] }, intoFeatures, intoApp, intoComponents],
        },
      ],
    },
  },
];

const featureBoundaries = webFeatures.map((feature) => {
  const others = webFeatures.filter((name) => name !== feature).join('|');
  return {
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ownRouter],
          patterns: [
            { group: ['**/server/**'] },
            {
              regex: `^(?:\\.\\./)+(?:features/)?(?:${others})(?:/|$)`,
              message: `features/${feature} may not import another feature: move what both need to src/web/components or src/web/lib.`,
            },
            {
              regex: '^(?:\\.\\./)+app(?:/|$)',
              message: `features/${feature} may not import the pages (src/web/app): pages compose features, not the other way round.`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.scratch/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // One-way imports (CONTRIBUTING.md): shared imports neither side; web and server never each other.
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ownRouter], patterns: ['**/server/**'] }],
    },
  },
  ...webZones,
  ...featureBoundaries,
  // React's rules of hooks and the React Compiler's checks (the plugin's recommended set).
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // It reports that the React Compiler would skip a component using react-hook-form's
      // watch(); this app is not built with the compiler, so there is nothing to skip.
      'react-hooks/incompatible-library': 'off',
    },
  },
  // (A later block replaces an earlier one's no-restricted-imports for the files both match, so
  // each block below repeats the bans that still apply: noWeb, noAdmin.)
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb] }] },
  },
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/admin/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noAdmin] }] },
  },
  // Staff routes (every module's *.staff.routes.ts and the console's own) only validate, call a
  // service or repository, and send: queries live in *.repository.ts, so the routes import
  // neither Drizzle nor the tables.
  {
    files: ['src/server/modules/**/*.staff.routes.ts', 'src/server/modules/admin/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWeb,
            noAdmin,
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Staff routes call services/repositories; queries belong in a repository.',
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message: 'Staff routes call services/repositories; tables belong in a repository.',
            },
          ],
        },
      ],
    },
  },

  // ---------------------------------------------------------------- booking lifecycle
  // A booking row's status and payment_status change only through
  // src/server/modules/bookings/booking-lifecycle.ts (its transition table is
  // booking-transitions.ts): anywhere else, writing them to the bookings table is an error.
  // Other columns of bookings and the payments module's own tables stay free to write.
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/modules/bookings/booking-lifecycle.ts',
      // Test data and the demo seed insert rows in any state on purpose.
      'src/server/db/**',
      'src/server/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='bookings'] > ObjectExpression > :matches(Property[key.name=/^(status|paymentStatus)$/], SpreadElement)",
          message:
            "A booking's status and payment_status change only through booking-lifecycle.ts (a transition of booking-transitions.ts).",
        },
        {
          selector:
            "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='bookings'][arguments.0.type!='ObjectExpression']",
          message:
            'Pass .update(bookings).set() an object literal without status or paymentStatus; state changes go through booking-lifecycle.ts.',
        },
        {
          selector:
            "CallExpression[callee.property.name='values'][callee.object.callee.property.name='insert'][callee.object.arguments.0.name='bookings']",
          message:
            'Bookings are created through booking-lifecycle.ts (insertRentalBooking, insertMaintenanceBlock), which sets their first state and event.',
        },
        {
          selector: 'TemplateElement[value.raw=/update\\s+bookings\\b/i]',
          message:
            "Raw SQL must not update bookings: a booking's state changes only through booking-lifecycle.ts.",
        },
      ],
    },
  },
  // Dependencies point one way: payments reach bookings only through the lifecycle module,
  // and the lifecycle knows nothing of payments (bookings' service may call payments).
  {
    files: ['src/server/modules/payments/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWeb,
            noAdmin,
            { group: ['**/bookings/bookings.repository'] },
            // bookings.service, booking-creation.service, booking-cancellation.service…
            { group: ['**/bookings/*.service'] },
            { group: ['**/bookings/booking-events'] },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/modules/payments/payments.routes.ts'],
    rules: {
      // The route composes the renter's booking view, which includes the payment; the service
      // and repository still may not reach into bookings.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWeb,
            noAdmin,
            { group: ['**/bookings/bookings.repository'] },
            { group: ['**/bookings/booking-events'] },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/server/modules/bookings/booking-lifecycle.ts',
      'src/server/modules/bookings/booking-transitions.ts',
      'src/server/modules/bookings/booking-permissions.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noWeb, noAdmin, { group: ['**/payments/**'] }] },
      ],
    },
  },
);
