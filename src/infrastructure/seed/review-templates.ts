/**
 * Review texts, assembled from an opening and a detail that agree with the star rating.
 * `{d}` becomes "Dr. <last name>" in doctor reviews; clinic reviews speak of "the clinic".
 */
export type Sentiment = 'positive' | 'mixed' | 'negative';

export function sentimentOf(rating: number): Sentiment {
  return rating >= 4 ? 'positive' : rating === 3 ? 'mixed' : 'negative';
}

// prettier-ignore
export const DOCTOR_REVIEW_PARTS: Record<Sentiment, { open: readonly string[]; detail: readonly string[] }> = {
  positive: {
    open: [
      '{d} is thorough and kind.', 'Very happy with {d}.', '{d} takes the time to listen.',
      'Best doctor I have had in years.', '{d} explained everything clearly.', 'Grateful for {d}.',
      '{d} is caring and professional.', 'Excellent experience with {d}.',
    ],
    detail: [
      'Never felt rushed during the appointment.', 'Followed up on my test results quickly.',
      'Answered all of my questions without making me feel silly.', 'Referred me to a specialist right away when needed.',
      'Remembers my history without having to look it up.', 'The wait was short and the visit was worth it.',
      'Made a stressful diagnosis much easier to handle.', 'Highly recommend to anyone looking for a doctor.',
    ],
  },
  mixed: {
    open: [
      '{d} is knowledgeable but hard to book.', 'Mixed experience with {d}.', '{d} is fine overall.',
      'Good advice from {d}, long waits though.', 'Average visit with {d}.',
    ],
    detail: [
      'Appointments often run 30 to 45 minutes late.', 'The visit felt a little rushed.',
      'Getting a call back can take several days.', 'Competent, but the bedside manner could be warmer.',
      'Helpful once you are in the room.', 'Booking online would make things much easier.',
    ],
  },
  negative: {
    open: [
      'Disappointed with {d}.', 'Would not recommend {d}.', '{d} did not listen to my concerns.',
      'Frustrating visit with {d}.', 'Not a good experience with {d}.',
    ],
    detail: [
      'Waited over an hour past my appointment time.', 'Felt dismissed and rushed out of the room.',
      'My referral was never sent and nobody followed up.', 'Hard to reach the office by phone.',
      'Prescription was wrong and took a week to fix.', 'Left with more questions than answers.',
    ],
  },
};

// prettier-ignore
export const CLINIC_REVIEW_PARTS: Record<Sentiment, { open: readonly string[]; detail: readonly string[] }> = {
  positive: {
    open: [
      'Great clinic.', 'Friendly and well organised clinic.', 'Clean, modern clinic.',
      'The front desk staff are wonderful.', 'Very efficient clinic.', 'Glad I found this clinic.',
    ],
    detail: [
      'Seen within 15 minutes of arriving.', 'Reception staff were patient and helpful.',
      'Easy to book and they called back the same day.', 'Everything ran on time.',
      'Lab and pharmacy in the same building is very convenient.', 'Virtual visits work smoothly.',
    ],
  },
  mixed: {
    open: ['Okay clinic.', 'Decent clinic but busy.', 'The clinic is fine.', 'Average experience at this clinic.'],
    detail: [
      'Expect to wait a while on weekends.', 'The phone line is often busy.',
      'Doctors are good, the waiting room is cramped.', 'Parking nearby is hard to find.',
      'Walk-in spots fill up early in the day.',
    ],
  },
  negative: {
    open: ['Poorly run clinic.', 'Would not go back to this clinic.', 'Very frustrating clinic.', 'Unpleasant visit to this clinic.'],
    detail: [
      'Waited two hours and was then told to come back another day.', 'Reception was rude on the phone.',
      'They turned people away well before closing time.', 'Nobody returned my calls about test results.',
      'The waiting room was overcrowded and not very clean.',
    ],
  },
};
