print("formbench: todo")
