"""Fast-reply domain roles: timer, weather, calendar, smart_home, search, conversation."""
