/** Interview slots: a vacancy's pool of times that invited applicants book, move and cancel themselves. */
export { interviewSlotRoutes } from './routes';
export { applicantSlots, bookSlot, cancelBooking, isRefusal, moveBooking, type Booking } from './service';
