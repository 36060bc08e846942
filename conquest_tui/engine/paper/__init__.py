"""What is printed for a Clan: its report as text, the 1995 paper layout, the forecast in
words, a battle's rounds."""
