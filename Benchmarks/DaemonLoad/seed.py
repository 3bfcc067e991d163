#!/usr/bin/env python3
"""A realistic store for the load benchmark, as NDJSON on stdout: apps, 10,000 places seen in a
reviews app over the last week, two weeks of usage (about 100 app launches a day, headphones
then the radio every morning), and 200 messages with one person."""
import json
from datetime import datetime, timedelta, timezone

t0 = datetime(2026, 11, 21, 8, 0, tzinfo=timezone.utc)


def at(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def emit(doc):
    print(json.dumps(doc, ensure_ascii=False))


emit({"type": "app", "bundleIdentifier": "com.example.reviews", "name": "Reviews",
      "activityTypes": ["com.example.reviews.place"]})
emit({"type": "app", "bundleIdentifier": "com.example.nav", "name": "Navigator",
      "directionsModes": ["car", "pedestrian"]})
emit({"type": "app", "bundleIdentifier": "com.example.ride", "name": "RideNow", "directionsModes": ["rideShare"]})
emit({"type": "app", "bundleIdentifier": "com.example.radio", "name": "Radio", "isMediaApp": True})
emit({"type": "app", "bundleIdentifier": "com.example.load", "name": "Load"})
cities = [("San Francisco", "CA", "US", 37.77, -122.42), ("Paris", "", "FR", 48.85, 2.35),
          ("Berlin", "", "DE", 52.52, 13.40), ("Roma", "RM", "IT", 41.89, 12.48),
          ("Lisboa", "", "PT", 38.72, -9.14), ("台北市", "", "TW", 25.05, 121.53)]
words = ["Café", "Trattoria", "Bistrot", "Bäckerei", "Padaria", "Noodle", "Sushi", "Taverna", "牛肉麵", "Osteria"]
for i in range(10000):
    city, state, iso, lat, lon = cities[i % len(cities)]
    name = f"{words[i % len(words)]} {words[(i // 7) % len(words)]} {i}"
    emit({"type": "searchableItem", "app": "com.example.reviews", "uniqueIdentifier": f"p-{i}",
          "at": at(t0 - timedelta(seconds=(10000 - i) * 60)),
          "attributeSet": {"title": name, "namedLocation": name, "subThoroughfare": str(i % 300 + 1),
                           "thoroughfare": "Main Street", "city": city, "stateOrProvince": state,
                           "isoCountryCode": iso, "latitude": lat + (i % 1000) / 10000,
                           "longitude": lon + (i % 997) / 10000, "phoneNumbers": [f"+1 415 555 {i % 10000:04d}"]}})
usage = ["com.example.mail", "com.example.chat", "com.example.news", "com.example.reviews", "com.example.nav"]
for day in range(14):
    morning = t0 - timedelta(days=14 - day)
    emit({"type": "event", "at": at(morning), "event": "headphonesConnected"})
    emit({"type": "event", "at": at(morning + timedelta(seconds=60)), "event": "appLaunched", "app": "com.example.radio"})
    emit({"type": "nowPlaying", "app": "com.example.radio", "at": at(morning + timedelta(seconds=70)),
          "state": "playing", "title": "Morning news"})
    emit({"type": "event", "at": at(morning + timedelta(seconds=1800)), "event": "headphonesDisconnected"})
    for i in range(100):
        emit({"type": "event", "at": at(morning + timedelta(seconds=1900 + i * 500)), "event": "appLaunched",
              "app": usage[(i * 7 + day) % len(usage)]})
for i in range(200):
    emit({"type": "interaction", "app": "com.example.phone" if i % 4 == 0 else "com.example.chat",
          "at": at(t0 - timedelta(seconds=(200 - i) * 600)),
          "intent": {"kind": "sendMessage", "recipients": [
              {"displayName": "Alice Martin", "handle": "+33 6 12 34 56 78", "handleType": "phoneNumber"}]}})
