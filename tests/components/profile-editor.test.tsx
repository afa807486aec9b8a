import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiError } from '@/lib/api/mocks/api-error';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { ProfileEditor } from '@/components/profile/profile-editor';
import { mockSettings, mockUser } from '@/lib/api/mocks/fixtures';
import { createGeoHandlers } from '@/lib/api/mocks/geo-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMockProfileState,
  createProfileHandlers,
  type MockProfileState,
} from '@/lib/api/mocks/profile-handlers';
import type { Interests, Regions } from '@/lib/shared/schemas/reference';
import { PROFILE_FIELDS, type Settings } from '@/lib/shared/schemas/settings';
import en from '@/messages/en.json';
import { renderWithProviders } from '../helpers/render';

const regions: Regions = {
  countries: [
    {
      country: 'NL',
      regions: [
        { id: 1, code: 'NL-NH', name: 'Noord-Holland' },
        { id: 2, code: 'NL-UT', name: 'Utrecht' },
      ],
    },
    { country: 'BE', regions: [{ id: 10, code: 'BE-VAN', name: 'Antwerpen' }] },
  ],
};
/** Twelve interests, two more than a member may pick. */
const interests: Interests = {
  interests: Object.keys(en.Interests)
    .slice(0, 12)
    .map((slug, i) => ({ id: i + 1, slug })),
};
const everyField: Settings = { ...mockSettings, visible_profile_fields: [...PROFILE_FIELDS] };

let settings = everyField;
let state: MockProfileState = createMockProfileState();
const handlers = () => [
  http.get('*/api/settings.php', () => HttpResponse.json(settings)),
  http.get('*/api/regions.php', () => HttpResponse.json(regions)),
  http.get('*/api/interests.php', () => HttpResponse.json(interests)),
  ...createProfileHandlers(state),
  ...createGeoHandlers(() => ({ country: 'BE', region_id: 10, region: 'Antwerpen', city: 'Mechelen' })),
  ...createHandlers(() => 'member'),
];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  settings = everyField;
  state = createMockProfileState();
  state.regions = regions;
  state.interestIds = interests.interests.map((interest) => interest.id);
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());
afterEach(() => {
  // jsdom has no geolocation; a test that gave it one takes it away again.
  delete (window.navigator as unknown as Record<string, unknown>).geolocation;
  window.localStorage.clear();
});

const details = () => screen.getByRole('region', { name: 'About me' });
const expectSaved = () =>
  waitFor(() =>
    expect(
      within(details())
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain('Your profile has been saved.'),
  );
const save = () => userEvent.click(within(details()).getByRole('button', { name: 'Save profile' }));
async function renderEditor() {
  const result = renderWithProviders(<ProfileEditor />, { user: mockUser });
  await within(details()).findByRole('button', { name: 'Save profile' });
  // Regions and interests arrive on their own.
  await within(details()).findByRole('checkbox', { name: 'Travel' });
  return result;
}

describe('profile editor', () => {
  it('asks a visitor to log in and come back', () => {
    renderWithProviders(<ProfileEditor />, { user: null });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=/profile');
    expect(screen.queryByRole('region', { name: 'About me' })).not.toBeInTheDocument();
  });

  it('shows the saved profile, with name and date of birth read-only', async () => {
    state.profile = {
      ...state.profile,
      sexuality: 'bi',
      region_id: 2,
      city: 'Amersfoort',
      hair_color: 'red',
      tattoos: 'some',
      interests: [1, 3],
    };
    await renderEditor();
    const form = details();
    expect(within(form).getByLabelText('Name')).toHaveValue('Quinn');
    expect(within(form).getByLabelText('Name')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText<HTMLInputElement>('Date of birth').value).toMatch(
      /^May 17, 1990 \(\d+ years\)$/,
    );
    expect(within(form).getByLabelText('Date of birth')).toHaveAttribute('readonly');
    expect(within(form).getByText('Your name and date of birth cannot be changed.')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Gender' })).toHaveDisplayValue('Woman');
    expect(within(form).getByRole('combobox', { name: 'Sexuality' })).toHaveDisplayValue('Bi');
    expect(within(form).getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('Netherlands');
    expect(within(form).getByRole('combobox', { name: 'Province' })).toHaveDisplayValue('Utrecht');
    expect(within(form).getByRole('textbox', { name: 'City' })).toHaveValue('Amersfoort');
    expect(within(form).getByRole('combobox', { name: 'Hair colour' })).toHaveDisplayValue('Red');
    expect(within(form).getByRole('combobox', { name: 'Eye colour' })).toHaveDisplayValue('Not specified');
    expect(within(form).getByRole('combobox', { name: 'Tattoos' })).toHaveDisplayValue('Some');
    expect(within(form).getByRole('checkbox', { name: 'Travel' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Music' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Cooking' })).not.toBeChecked();
    expect(within(form).getByRole('link', { name: 'See my profile as others see it' })).toHaveAttribute(
      'href',
      `/members/${state.profile.id}`,
    );
  });

  it('shows only the fields the site makes visible', async () => {
    settings = { ...mockSettings, visible_profile_fields: ['gender', 'country', 'region'] };
    renderWithProviders(<ProfileEditor />, { user: mockUser });
    const form = await screen.findByRole('region', { name: 'About me' });
    expect(await within(form).findByRole('combobox', { name: 'Gender' })).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Province' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toBeInTheDocument();
    for (const name of ['Sexuality', 'Hair colour', 'Tattoos'])
      expect(within(form).queryByRole('combobox', { name })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(within(form).getByText('Your name cannot be changed.')).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: 'City' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('group', { name: 'Interests' })).not.toBeInTheDocument();
  });

  it('sends only the changed fields, clears a choice with null, and says it saved', async () => {
    state.profile = { ...state.profile, eye_color: 'blue', city: 'Haarlem' };
    await renderEditor();
    const form = details();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Hair colour' }), 'Blonde');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Eye colour' }),
      'Not specified',
    );
    await userEvent.clear(within(form).getByRole('textbox', { name: 'City' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'City' }), ' Utrecht ');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Cooking' }));
    await save();
    await expectSaved();
    expect(state.updates).toEqual([
      { hair_color: 'blonde', eye_color: null, city: 'Utrecht', interests: [2] },
    ]);
    expect(state.profile).toMatchObject({
      hair_color: 'blonde',
      eye_color: null,
      city: 'Utrecht',
      interests: [2],
    });

    // Saved values are the new starting point: saving again sends nothing.
    await save();
    expect(await within(form).findByText('You have not changed anything yet.')).toBeInTheDocument();
    expect(state.updates).toHaveLength(1);
  });

  it('shows the regions of the chosen country and clears the region when the country changes', async () => {
    state.profile = { ...state.profile, region_id: 1 };
    await renderEditor();
    const form = details();
    const region = () => within(form).getByRole('combobox', { name: /Province|State/ });
    expect(region()).toHaveDisplayValue('Noord-Holland');
    expect(
      within(region())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not specified', 'Noord-Holland', 'Utrecht']);

    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Country' }), 'Belgium');
    expect(region()).toHaveDisplayValue('Not specified');
    expect(
      within(region())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not specified', 'Antwerpen']);
    await userEvent.selectOptions(region(), 'Antwerpen');

    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Country' }), 'Germany');
    expect(within(form).getByRole('combobox', { name: 'State' })).toHaveDisplayValue('Not specified');
    await save();
    await expectSaved();
    expect(state.updates).toEqual([{ country: 'DE', region_id: null }]);
    expect(state.profile).toMatchObject({ country: 'DE', region_id: null });
  });

  it('lets a member pick at most 10 interests', async () => {
    state.profile = { ...state.profile, interests: [1, 2, 3, 4, 5, 6, 7, 8, 9] };
    await renderEditor();
    const group = within(details()).getByRole('group', { name: 'Interests' });
    expect(group).toHaveAccessibleDescription('Choose up to 10. 9 chosen.');
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(12);
    const [eleventh, twelfth] = [boxes[10], boxes[11]];
    if (!eleventh || !twelfth) throw new Error('twelve interests expected');

    await userEvent.click(eleventh);
    expect(group).toHaveAccessibleDescription('Choose up to 10. 10 chosen.');
    expect(twelfth).toBeDisabled();
    await userEvent.click(twelfth);
    expect(twelfth).not.toBeChecked();

    await userEvent.click(within(group).getByRole('checkbox', { name: 'Travel' }));
    expect(twelfth).toBeEnabled();
    await save();
    await expectSaved();
    expect(state.updates).toEqual([{ interests: [2, 3, 4, 5, 6, 7, 8, 9, 11] }]);
  });

  it('shows a refusal of the API next to the field it names and moves focus there', async () => {
    server.use(
      http.put('*/api/profile.php', () =>
        apiError('field_invalid', { message: 'Please check the highlighted field.', field: 'region_id' }),
      ),
    );
    await renderEditor();
    const form = details();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Province' }), 'Utrecht');
    await save();
    const region = within(form).getByRole('combobox', { name: 'Province' });
    await waitFor(() => expect(region).toHaveAccessibleDescription('Please check the highlighted field.'));
    expect(region).toHaveAttribute('aria-invalid', 'true');
    expect(region).toHaveFocus();
    expect(within(form).queryByText('Your profile has been saved.')).not.toBeInTheDocument();
  });

  it('shows a refusal that names no field above the form', async () => {
    server.use(
      http.put('*/api/profile.php', () =>
        apiError('forbidden', { message: 'You do not have access to this.' }),
      ),
    );
    await renderEditor();
    await userEvent.selectOptions(within(details()).getByRole('combobox', { name: 'Tattoos' }), 'Many');
    await save();
    const alert = await within(details()).findByRole('alert');
    expect(alert).toHaveTextContent('You do not have access to this.');
    expect(alert).toHaveFocus();
  });

  it('shows the pending state while saving', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put('*/api/profile.php', async () => {
        await held;
      }),
    );
    await renderEditor();
    await userEvent.selectOptions(within(details()).getByRole('combobox', { name: 'Tattoos' }), 'Many');
    await save();
    expect(within(details()).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    release();
    await expectSaved();
    expect(within(details()).getByRole('button', { name: 'Save profile' })).toBeEnabled();
  });

  it('fills country, region and city from the member’s location', async () => {
    const getCurrentPosition = vi.fn((success: (position: GeolocationPosition) => void) =>
      success({ coords: { latitude: 51.0259, longitude: 4.4776 } } as GeolocationPosition),
    );
    Object.defineProperty(window.navigator, 'geolocation', {
      value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
      configurable: true,
    });
    state.profile = { ...state.profile, region_id: 1, city: 'Haarlem' };
    await renderEditor();
    const form = details();
    await userEvent.click(await within(form).findByRole('button', { name: 'Use my location' }));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('Belgium'),
    );
    expect(within(form).getByRole('combobox', { name: 'Province' })).toHaveDisplayValue('Antwerpen');
    expect(within(form).getByRole('textbox', { name: 'City' })).toHaveValue('Mechelen');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);

    await save();
    await expectSaved();
    expect(state.updates).toEqual([{ country: 'BE', region_id: 10, city: 'Mechelen' }]);
  });
});
